import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useConfirm } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useFeedActions, type TopicFolder } from '../../api/topics';

interface FolderBarProps {
  groupId: number;
  folders: TopicFolder[];
  current: number | null;
  canEdit: boolean;
  onPick: (id: number | null) => void;
}

/** The folder tab's picker, plus create / rename / delete for role_edit_topic. */
export function FolderBar({ groupId, folders, current, canEdit, onPick }: FolderBarProps) {
  const { t } = useTranslation('topics');
  const actions = useFeedActions(groupId);
  const confirm = useConfirm();
  const showError = useShowActionError();
  const [editing, setEditing] = useState<'create' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const currentFolder = folders.find((f) => f.id === current);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      if (editing === 'create') {
        const { items } = await actions.createFolder.mutateAsync(trimmed);
        onPick(items.id);
      } else if (editing === 'rename' && current !== null) {
        await actions.renameFolder.mutateAsync({ folderId: current, name: trimmed });
      }
      setEditing(null);
    } catch (err) {
      showError(err);
    }
  };

  const remove = async () => {
    if (!currentFolder) return;
    const ok = await confirm({
      message: t('folder.delete_confirm', { name: currentFolder.name }),
      confirmLabel: t('folder.delete'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await actions.deleteFolder.mutateAsync(currentFolder.id);
      onPick(null);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div className="ptop-folderbar">
      {folders.length > 0 && (
        <label className="ptop-inline-field">
          <span>{t('folder.pick')}</span>
          <select className="pui-input pui-select" value={current ?? ''} onChange={(e) => onPick(Number(e.target.value))}>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {t('folder.option', { name: f.name, count: f.topic_count })}
              </option>
            ))}
          </select>
        </label>
      )}
      {canEdit && editing === null && (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setName('');
              setEditing('create');
            }}
          >
            {t('folder.create')}
          </Button>
          {currentFolder && (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setName(currentFolder.name);
                  setEditing('rename');
                }}
              >
                {t('folder.rename')}
              </Button>
              <Button variant="danger" size="sm" onClick={() => void remove()}>
                {t('folder.delete')}
              </Button>
            </>
          )}
        </>
      )}
      {editing && (
        <form className="ptop-folderbar__form" onSubmit={(e) => void submit(e)}>
          <TextField label={t('folder.name')} value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
          <Button type="submit" size="sm" loading={actions.createFolder.isPending || actions.renameFolder.isPending}>
            {editing === 'create' ? t('folder.create_submit') : t('folder.rename_submit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(null)}>
            {t('common.cancel')}
          </Button>
        </form>
      )}
    </div>
  );
}
