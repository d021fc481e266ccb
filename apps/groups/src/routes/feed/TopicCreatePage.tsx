import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { EMPTY_TOPIC, toBody, TopicForm, topicFieldErrors } from '@portal/content/topic-editor';
import { groupScope } from '@portal/content/topics';
import { useSaveTopic, useTopicFolders } from '../../api/topics';
import { groupPath, useGroupArea } from '../area/context';

/** group-topic-create (role_edit_topic, guarded in the route table). */
export function TopicCreatePage() {
  const { t } = useTranslation('topics');
  const title = t('editor.create_title');
  useDocumentTitle(title);
  const { groupId, group } = useGroupArea();
  const folders = useTopicFolders(groupId);
  const { create } = useSaveTopic(groupId);
  const navigate = useNavigate();
  const showError = useShowActionError();

  return (
    <section aria-labelledby="ptop-create-title">
      <h1 id="ptop-create-title" className="pui-page-title">
        {title}
      </h1>
      {folders.isPending ? (
        <Spinner />
      ) : (
        <TopicForm
          scope={groupScope(groupId)}
          initial={EMPTY_TOPIC}
          maxFileMb={group.max_img_size_per_attachment}
          folders={folders.data ?? []}
          submitLabel={t('editor.post')}
          busy={create.isPending}
          serverErrors={topicFieldErrors(create.error)}
          onCancel={() => void navigate(groupPath(groupId, 'new-feed'))}
          onSubmit={(v, onProgress) =>
            create.mutate(
              { body: { ...toBody(v), folder_id: v.folderId ? Number(v.folderId) : null }, files: v.files, onProgress },
              {
                onSuccess: ({ items }) => void navigate(groupPath(groupId, `topic/${items.id}`)),
                // Field errors show on their fields; anything else in the modal.
                onError: (err) => {
                  if (!topicFieldErrors(err)) showError(err);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
