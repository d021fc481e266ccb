import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../controls/Button';
import { Dialog } from './Dialog';
import { closeModal, type MessageModalKind, type ModalOptions } from './modal-store';

const ICONS: Record<MessageModalKind, string> = { success: '✓', error: '!', info: 'i' };

export function MessageModal({ id, kind, options }: { id: number; kind: MessageModalKind; options: ModalOptions }) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const descriptionId = useId();
  const close = () => closeModal(id);

  return (
    <Dialog titleId={titleId} descriptionId={descriptionId} onDismiss={close} className={`pui-modal--${kind}`}>
      <div className="pui-modal__icon" aria-hidden="true">
        {ICONS[kind]}
      </div>
      <h2 id={titleId} className="pui-modal__title">
        {options.title ?? t(`modal.${kind}_title`)}
      </h2>
      <div id={descriptionId} className="pui-modal__message">
        {options.message}
      </div>
      <div className="pui-modal__actions">
        {options.onBack && (
          <Button
            variant="secondary"
            onClick={() => {
              close();
              options.onBack?.();
            }}
          >
            {options.backLabel ?? t('common:actions.back')}
          </Button>
        )}
        <Button onClick={close}>{t('modal.close')}</Button>
      </div>
    </Dialog>
  );
}
