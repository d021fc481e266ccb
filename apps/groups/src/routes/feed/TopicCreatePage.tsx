import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '@portal/ui/kit';
import { EMPTY_TOPIC, toBody, TopicForm } from '@portal/ui/topic-editor';
import { useSaveTopic, useTopicFolders } from '../../api/topics';
import { groupPath, useGroupArea } from '../area/context';

/** group-topic-create (role_edit_topic, guarded in the route table). */
export function TopicCreatePage() {
  const { t } = useTranslation('topics');
  const title = t('editor.create_title');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
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
          initial={EMPTY_TOPIC}
          folders={folders.data ?? []}
          submitLabel={t('editor.post')}
          busy={create.isPending}
          onCancel={() => void navigate(groupPath(groupId, 'new-feed'))}
          onSubmit={(v) =>
            create.mutate(
              { ...toBody(v), folder_id: v.folderId ? Number(v.folderId) : null },
              { onSuccess: ({ items }) => void navigate(groupPath(groupId, `topic/${items.id}`)), onError: showError },
            )
          }
        />
      )}
    </section>
  );
}
