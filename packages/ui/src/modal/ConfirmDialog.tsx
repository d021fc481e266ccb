import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../controls/Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  message: ReactNode;
  title?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question, usually before something destructive. Focus starts on Cancel so Enter
 * never deletes by accident. Render it yourself, or use `useConfirm()` for a promise.
 */
export function ConfirmDialog({ message, title, confirmLabel, cancelLabel, destructive = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog role="alertdialog" titleId={titleId} descriptionId={descriptionId} onDismiss={onCancel} className="pui-modal--confirm">
      <h2 id={titleId} className="pui-modal__title">
        {title ?? t('modal.confirm_title')}
      </h2>
      <div id={descriptionId} className="pui-modal__message">
        {message}
      </div>
      <div className="pui-modal__actions">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel ?? t('modal.cancel')}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel ?? (destructive ? t('modal.delete') : t('modal.confirm'))}
        </Button>
      </div>
    </Dialog>
  );
}
