import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { folderBody } from '@portal/api-client/schemas/groups';
import { Button, isImeComposing, useConfirm } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useCreateFolder, useDeleteFolder, useRenameFolder, type GroupFolder } from '../../api/groupList';

/** Enter that confirms a kana-kanji conversion must not submit the folder name. */
function blockImeEnter(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === 'Enter' && isImeComposing(e)) e.preventDefault();
}

/** The api-client rule for a folder name: its validation key, or null when the name is valid. */
function nameError(name: string): string | null {
  const parsed = folderBody.shape.name.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.format');
}

interface Props {
  folders: GroupFolder[];
  onError: (err: unknown) => void;
}

/** Create, rename and delete the user's own folders of groups. */
export function FolderList({ folders, onError }: Props) {
  const { t } = useTranslation(['groupMenuTools', 'groupMenu'], { nsMode: 'fallback' });
  const confirm = useConfirm();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; error: string | null } | null>(null);
  // Renaming or deleting removes the focused control; focus must stay inside the dialog (for
  // Esc and Tab), so it goes to the folder's rename button, or to the new-folder field.
  const rootRef = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState<{ folderId: number | null } | null>(null);
  useEffect(() => {
    if (!refocus || !rootRef.current) return;
    const row = refocus.folderId === null ? null : rootRef.current.querySelector(`[data-folder-id="${refocus.folderId}"] button`);
    ((row ?? rootRef.current.querySelector('input')) as HTMLElement | null)?.focus();
    setRefocus(null);
  }, [refocus]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = nameError(name);
    setCreateError(invalid);
    if (invalid) return;
    try {
      await create.mutateAsync(name.trim());
      setName('');
    } catch (err) {
      onError(err);
    }
  };

  const onRename = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const invalid = nameError(editing.name);
    if (invalid) {
      setEditing({ ...editing, error: invalid });
      return;
    }
    try {
      await rename.mutateAsync({ id: editing.id, name: editing.name.trim() });
      setEditing(null);
      setRefocus({ folderId: editing.id });
    } catch (err) {
      onError(err);
    }
  };

  const onDelete = async (folder: GroupFolder) => {
    const ok = await confirm({ message: t('folders.delete_confirm', { name: folder.name }), destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync(folder.id);
      setRefocus({ folderId: null });
    } catch (err) {
      onError(err);
    }
  };

  return (
    <div className="pgrp-folders" ref={rootRef}>
      <form className="pgrp-folders__create" onSubmit={onCreate} noValidate>
        <TextField
          label={t('folders.new_label')}
          value={name}
          maxLength={100}
          error={createError}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={blockImeEnter}
        />
        <Button type="submit" loading={create.isPending}>
          {t('folders.create')}
        </Button>
      </form>
      {folders.length === 0 ? (
        <p className="pgrp-folders__none">{t('folders.no_folders')}</p>
      ) : (
        <ul className="pgrp-folders__list">
          {folders.map((folder) =>
            editing?.id === folder.id ? (
              <li key={folder.id} className="pgrp-folders__item">
                <form className="pgrp-folders__rename" onSubmit={onRename} noValidate>
                  <TextField
                    label={t('folders.rename_label', { name: folder.name })}
                    hideLabel
                    value={editing.name}
                    maxLength={100}
                    autoFocus
                    error={editing.error}
                    errorValues={{ field: t('folders.name_field') }}
                    onChange={(e) => setEditing({ ...editing, name: e.target.value, error: null })}
                    onKeyDown={blockImeEnter}
                  />
                  <Button type="submit" size="sm" loading={rename.isPending}>
                    {t('folders.save')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setEditing(null);
                      setRefocus({ folderId: folder.id });
                    }}
                  >
                    {t('folders.cancel')}
                  </Button>
                </form>
              </li>
            ) : (
              <li key={folder.id} className="pgrp-folders__item" data-folder-id={folder.id}>
                <span className="pgrp-folders__name">{folder.name}</span>
                <Button variant="secondary" size="sm" onClick={() => setEditing({ id: folder.id, name: folder.name, error: null })}>
                  {t('folders.rename')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t('folders.delete_label', { name: folder.name })}
                  disabled={remove.isPending && remove.variables === folder.id}
                  onClick={() => void onDelete(folder)}
                >
                  {t('folders.delete')}
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
