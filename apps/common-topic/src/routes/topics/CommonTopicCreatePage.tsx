import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { LIMITS } from '@portal/api-client/core';
import { EMPTY_TOPIC, toCommonBody, TopicForm, topicFieldErrors } from '@portal/content/topic-editor';
import { COMMON_SCOPE } from '@portal/content/topics';
import { useDestinationGroups, useMe, useSaveCommonTopic } from '../../api/commonTopics';

/** common-topic-create: needs the common-topic right; the form asks for destination groups. */
export function CommonTopicCreatePage() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tt } = useTranslation('topics');
  const title = t('routes.topic_create');
  useDocumentTitle(title);
  const me = useMe();
  const groups = useDestinationGroups();
  const { create } = useSaveCommonTopic();
  const navigate = useNavigate();
  const showError = useShowActionError();

  let body;
  if (me.isPending || groups.isPending) body = <Spinner />;
  else if (!me.data?.common_topic_role) body = <p role="alert">{t('editor.no_right')}</p>;
  else if (groups.isError) body = <p role="alert">{tt('common.load_failed')}</p>;
  else
    body = (
      <TopicForm
        scope={COMMON_SCOPE}
        initial={EMPTY_TOPIC}
        maxFileMb={LIMITS.commonMaxFileMb}
        destinations={groups.data}
        submitLabel={tt('editor.post')}
        busy={create.isPending}
        serverErrors={topicFieldErrors(create.error)}
        onCancel={() => void navigate('/common-topic/topics')}
        onSubmit={(v, onProgress) =>
          create.mutate(
            { body: toCommonBody(v), files: v.files, onProgress },
            {
              onSuccess: ({ items }) => void navigate(`/common-topic/topic/${items.id}`),
              // Field errors show on their fields; anything else in the modal.
              onError: (err) => {
                if (!topicFieldErrors(err)) showError(err);
              },
            },
          )
        }
      />
    );
  return (
    <section aria-labelledby="pct-create-title">
      <h1 id="pct-create-title" className="pui-page-title">
        {title}
      </h1>
      {body}
    </section>
  );
}
