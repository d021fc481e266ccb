import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_NAME_MAX } from '@portal/api-client/core';
import { Button, Dialog } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useRename } from '../../api/chat';

export function RenameDialog({ chatId, current, onClose }: { chatId: number; current: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [name, setName] = useState(current);
  const rename = useRename();
  const showError = useShowActionError();
  const save = () => {
    if (!name.trim()) return;
    rename.mutate({ chatId, name: name.trim() }, { onSuccess: onClose, onError: showError });
  };
  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onClose} className="chat-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <h2 id={`${id}-t`} className="chat-dialog__title">
          {t('rename.title')}
        </h2>
        <div id={`${id}-d`}>
          <TextField label={t('rename.label')} value={name} maxLength={CHAT_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="chat-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('rename.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            {t('rename.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
