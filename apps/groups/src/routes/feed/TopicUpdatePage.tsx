import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '@portal/ui';
import { LockedTopicEditor, toBody } from '@portal/content/topic-editor';
import { groupScope } from '@portal/content/topics';
import { useSaveTopic } from '../../api/topics';
import { groupPath, useGroupArea } from '../area/context';
import { parseId } from './parseId';

/** group-topic-update: edits under the topic's edit lock (role_edit_topic). */
export function TopicUpdatePage() {
  const { t } = useTranslation('topics');
  const title = t('editor.update_title');
  useDocumentTitle(title);
  const { groupId, group } = useGroupArea();
  const topicId = parseId(useParams().topicId);
  const { update } = useSaveTopic(groupId);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="ptop-update-title">
      <h1 id="ptop-update-title" className="pui-page-title">
        {title}
      </h1>
      {topicId === null ? (
        <p role="alert">{t('detail.not_found')}</p>
      ) : (
        <LockedTopicEditor
          scope={groupScope(groupId)}
          topicId={topicId}
          maxFileMb={group.max_img_size_per_attachment}
          save={(v, lockToken, onProgress) => update.mutateAsync({ topicId, body: toBody(v), lockToken, files: v.files, onProgress })}
          onDone={() => void navigate(groupPath(groupId, `topic/${topicId}`))}
        />
      )}
    </section>
  );
}
