import { useTranslation } from 'react-i18next';
import { Button, useConfirm, useModal } from '@portal/ui';
import { COMMON_FILE_SCOPE, filePaths } from '@portal/content/files';
import { downloadByLink, useShowActionError } from '@portal/content/kit';
import { useDeleteCommonFiles } from '../../api/commonFiles';

interface Props {
  selected: number[];
  /** common_topic_role: deleting is for its holders. */
  canDelete: boolean;
  onDone: () => void;
}

/** Actions on the selected common files: one zip of them all, and (with the right) delete for good, confirmed. */
export function CommonFileToolbar({ selected, canDelete, onDone }: Props) {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const remove = useDeleteCommonFiles();
  const none = selected.length === 0 || remove.isPending;

  const downloadZip = async () => {
    try {
      await downloadByLink(
        { path: filePaths(COMMON_FILE_SCOPE).zip, body: { file_ids: selected, is_comment_file: false } },
        tc('files.zip_name'),
      );
    } catch (err) {
      showError(err);
    }
  };
  const deleteSelected = async () => {
    const ok = await confirm({
      message: tc('files.delete_selected_confirm', { count: selected.length }),
      confirmLabel: t('actions.delete'),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(selected, {
      onSuccess: () => {
        modal.success({ message: tc('files.deleted') });
        onDone();
      },
      onError: showError,
    });
  };

  return (
    <div className="pfile-toolbar" role="toolbar" aria-label={t('actions.label')}>
      <span className="pfile-muted">{t('list.selected', { count: selected.length })}</span>
      <Button size="sm" variant="secondary" disabled={none} onClick={() => void downloadZip()}>
        {t('actions.download_zip')}
      </Button>
      {canDelete && (
        <Button size="sm" variant="danger" disabled={none} onClick={() => void deleteSelected()}>
          {t('actions.delete')}
        </Button>
      )}
    </div>
  );
}
