import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, useConfirm, useModal } from '@portal/ui';
import { COMMON_FILE_SCOPE, FileDetailView } from '@portal/content/files';
import { useBackTarget } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useDeleteCommonFiles } from '../../api/commonFiles';
import { useMe } from '../../api/commonTopics';
import { AreaNav } from '../AreaNav';
import { parseId } from '../topics/paths';
import { FILES_PATH } from './paths';

/** common-topic-shared-folder-file-detail (`from` decides where "back" goes). */
export function CommonFileDetailPage() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tf } = useTranslation('files');
  const fileId = parseId(useParams().fileId);
  const [search] = useSearchParams();
  const from = search.get('from');
  const back = useBackTarget(from, { path: FILES_PATH, label: t('files.back') });
  const me = useMe();
  if (fileId === null) return <p role="alert">{tf('list.load_failed')}</p>;
  // The edit pages come back here with the same `from`, so "back" still leads where it did.
  const keep = from ? `?from=${encodeURIComponent(from)}` : '';
  const sub = (s: string) => `${FILES_PATH}/file/${fileId}/${s}${keep}`;
  return (
    <>
      <AreaNav />
      <FileDetailView
        scope={COMMON_FILE_SCOPE}
        fileId={fileId}
        backTo={back.path}
        backLabel={back.label}
        canEdit={Boolean(me.data?.common_topic_role)}
        overwriteHref={sub('file-overwrite')}
        infoHref={sub('update-information')}
      >
        {(file) => <DeleteFile fileId={file.id} title={file.title} backTo={back.path} />}
      </FileDetailView>
    </>
  );
}

function DeleteFile({ fileId, title, backTo }: { fileId: number; title: string; backTo: string }) {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const confirm = useConfirm();
  const modal = useModal();
  const navigate = useNavigate();
  const showError = useShowActionError();
  const remove = useDeleteCommonFiles();
  const run = async () => {
    if (!(await confirm({ message: t('files.delete_confirm', { title }), confirmLabel: t('files.delete'), destructive: true }))) return;
    remove.mutate([fileId], {
      onSuccess: () => {
        modal.success({ message: t('files.deleted') });
        void navigate(backTo);
      },
      onError: showError,
    });
  };
  return (
    <Button variant="danger" loading={remove.isPending} onClick={() => void run()}>
      {t('files.delete')}
    </Button>
  );
}
