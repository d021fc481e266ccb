import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm } from '@portal/ui';
import { api } from '@portal/api-client/browser';
import { groupFileScope, useFilesMutation } from '@portal/content/files';
import { useShowActionError } from '@portal/content/kit';
import type { FileFolder } from '../../api/files';

interface Props {
  groupId: number;
  folders: FileFolder[];
  /** The folder being shown; renamed or deleted from here. */
  current: FileFolder | null;
  onDeleted: () => void;
}

/** Create, rename and delete shared-folder folders (role_edit_shared_folder); delete is confirmed. */
export function FolderPanel({ groupId, folders, current, onDeleted }: Props) {
  const { t } = useTranslation('files');
  const confirm = useConfirm();
  const showError = useShowActionError();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const id = { id: groupId };
  const scope = groupFileScope(groupId);
  const create = useFilesMutation(scope, (folder_name: string) => api.call('createFileFolder', { params: id, body: { folder_name } }));
  const rename = useFilesMutation(scope, (a: { folder_id: number; folder_name: string }) =>
    api.call('renameFileFolder', { params: id, body: a }),
  );
  const remove = useFilesMutation(scope, (folder_id: number) => api.call('deleteFileFolder', { params: id, body: { folder_id } }));
  const taken = (n: string) => folders.some((f) => f.name === n.trim() && f.id !== current?.id);

  return (
    <div className="pfile-folders">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const v = name.trim();
          if (!v || taken(v)) return;
          create.mutate(v, { onSuccess: () => setName(''), onError: showError });
        }}
      >
        <label>
          {t('folder.new_name')}
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <Button type="submit" size="sm" disabled={!name.trim() || create.isPending}>
          {t('folder.create')}
        </Button>
        {taken(name) && <span role="alert">{t('folder.duplicate')}</span>}
      </form>
      {current && (
        <div className="pfile-folders__current">
          {editing === null ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(current.name)}>
              {t('folder.rename')}
            </Button>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const v = editing.trim();
                if (!v || taken(v)) return;
                rename.mutate({ folder_id: current.id, folder_name: v }, { onSuccess: () => setEditing(null), onError: showError });
              }}
            >
              <label>
                {t('folder.rename_to')}
                <input value={editing} maxLength={100} onChange={(e) => setEditing(e.target.value)} />
              </label>
              <Button type="submit" size="sm" disabled={!editing.trim() || rename.isPending}>
                {t('folder.save')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                {t('folder.cancel')}
              </Button>
            </form>
          )}
          <Button
            size="sm"
            variant="danger"
            onClick={async () => {
              const ok = await confirm({
                message: t('confirm.delete_folder', { name: current.name }),
                confirmLabel: t('folder.delete'),
                destructive: true,
              });
              if (ok) remove.mutate(current.id, { onSuccess: onDeleted, onError: showError });
            }}
          >
            {t('folder.delete')}
          </Button>
        </div>
      )}
    </div>
  );
}
