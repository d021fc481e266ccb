import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@portal/ui';

export type Scope = 1 | 2 | 3;

/** Which occurrences of a repeating event an action applies to: this one, this and all future, all. */
export function ScopeDialog({
  kind,
  onChoose,
  onCancel,
}: {
  kind: 'delete' | 'edit_scope';
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog titleId={titleId} descriptionId={descriptionId} onDismiss={onCancel} className="pui-modal">
      <h2 id={titleId} className="pui-modal__title">
        {t(`${kind}.title`)}
      </h2>
      <p id={descriptionId} className="pui-modal__message">
        {t(`${kind}.which`)}
      </p>
      <div className="pcal-scope">
        <Button variant={kind === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(1)}>
          {t(`${kind}.this`)}
        </Button>
        <Button variant={kind === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(2)}>
          {t(`${kind}.future`)}
        </Button>
        <Button variant={kind === 'delete' ? 'danger' : 'primary'} onClick={() => onChoose(3)}>
          {t(`${kind}.all`)}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
