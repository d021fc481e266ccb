import { useTranslation } from 'react-i18next';
import { api } from '@portal/api-client/browser';
import { useConfirm } from '@portal/ui';
import { filePaths, groupFileScope, useFilesMutation } from '@portal/content/files';
import { downloadByLink, useShowActionError } from '@portal/content/kit';

/**
 * The list's actions on selected files. Each destructive one asks first; a refusal (attachment
 * files cannot move, …) is shown by the shared error modal.
 */
export function useFileActions(groupId: number, onDone: () => void) {
  const { t } = useTranslation('files');
  const confirm = useConfirm();
  const showError = useShowActionError();
  const id = { id: groupId };
  const scope = groupFileScope(groupId);
  const move = useFilesMutation(scope, (a: { ids: number[]; folderId: number | null }) =>
    a.folderId === null
      ? api.call('moveFilesToUnclassified', { params: id, body: { file_ids: a.ids } })
      : api.call('moveFilesToFolder', { params: id, body: { file_ids: a.ids, folder_id: a.folderId } }),
  );
  const remove = useFilesMutation(scope, (a: { ids: number[]; mode: 1 | 2 }) =>
    api.call('deleteFiles', { params: id, body: { file_ids: a.ids, delete_mode: a.mode } }),
  );
  const empty = useFilesMutation(scope, () => api.call('emptyFileBin', { params: id, body: {} }));

  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      onDone();
    } catch (err) {
      showError(err);
    }
  };

  return {
    busy: move.isPending || remove.isPending || empty.isPending,
    moveTo: async (ids: number[], folderId: number | null, folderName: string) => {
      if (await confirm({ message: t('confirm.move', { count: ids.length, folder: folderName }), confirmLabel: t('actions.move') }))
        await run(move.mutateAsync({ ids, folderId }));
    },
    toBin: async (ids: number[]) => {
      if (await confirm({ message: t('confirm.to_bin', { count: ids.length }), confirmLabel: t('actions.to_bin'), destructive: true }))
        await run(remove.mutateAsync({ ids, mode: 1 }));
    },
    deleteForGood: async (ids: number[]) => {
      if (await confirm({ message: t('confirm.delete', { count: ids.length }), confirmLabel: t('actions.delete'), destructive: true }))
        await run(remove.mutateAsync({ ids, mode: 2 }));
    },
    emptyBin: async () => {
      if (await confirm({ message: t('confirm.empty_bin'), confirmLabel: t('actions.empty_bin'), destructive: true }))
        await run(empty.mutateAsync(undefined));
    },
    downloadZip: async (ids: number[]) => {
      try {
        await downloadByLink({ path: filePaths(scope).zip, body: { file_ids: ids, is_comment_file: false } }, t('list.zip_name'));
      } catch (err) {
        showError(err);
      }
    },
  };
}
