import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/api-client/core';
import { useNavigate, useParams } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { LockedTopicEditor, toCommonBody } from '@portal/content/topic-editor';
import { COMMON_SCOPE } from '@portal/content/topics';
import { useDestinationGroups, useSaveCommonTopic } from '../../api/commonTopics';
import { parseId } from './paths';

/** common-topic-update: edits under the topic's edit lock (common-topic right). */
export function CommonTopicUpdatePage() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tt } = useTranslation('topics');
  const title = t('routes.topic_update');
  useDocumentTitle(title);
  const topicId = parseId(useParams().topicId);
  return (
    <section aria-labelledby="pct-update-title">
      <h1 id="pct-update-title" className="pui-page-title">
        {title}
      </h1>
      {topicId === null ? <p role="alert">{tt('detail.not_found')}</p> : <Editor topicId={topicId} />}
    </section>
  );
}

function Editor({ topicId }: { topicId: number }) {
  const { t } = useTranslation('topics');
  const groups = useDestinationGroups();
  const { update } = useSaveCommonTopic();
  const navigate = useNavigate();
  if (groups.isPending) return <Spinner />;
  if (groups.isError) return <p role="alert">{t('common.load_failed')}</p>;
  return (
    <LockedTopicEditor
      scope={COMMON_SCOPE}
      topicId={topicId}
      destinations={groups.data}
      // Common topics have no group setting: their attachments take the default size.
      maxFileMb={LIMITS.commonMaxFileMb}
      save={(v, lockToken, onProgress) => update.mutateAsync({ topicId, body: toCommonBody(v), lockToken, files: v.files, onProgress })}
      onDone={() => void navigate(`/common-topic/topic/${topicId}`)}
    />
  );
}
