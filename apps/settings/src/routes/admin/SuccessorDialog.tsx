import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@portal/ui';
import { SelectField } from '@portal/ui/kit';

export interface SoleGroup {
  id: number;
  name: string;
  candidates: { id: number; name: string }[];
}

/**
 * Section 6: a group's only administrator cannot leave without appointing another. When the
 * retiree is one, the administrator picks a successor per group among its active members.
 */
export function SuccessorDialog({
  groups,
  onCancel,
  onConfirm,
}: {
  groups: SoleGroup[];
  onCancel: () => void;
  onConfirm: (successors: { group_id: number; user_id: number }[]) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [picked, setPicked] = useState<Record<number, number>>(() =>
    Object.fromEntries(groups.map((g) => [g.id, g.candidates[0]?.id ?? 0])),
  );
  const complete = groups.every((g) => picked[g.id]);
  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onCancel} className="pui-modal padm-dialog">
      <h2 id={`${id}-t`}>{t('admin.detail.retire')}</h2>
      <p id={`${id}-d`}>{t('admin.detail.sole_admin')}</p>
      {groups.map((g) => (
        <SelectField
          key={g.id}
          label={t('admin.detail.successor', { group: g.name })}
          value={picked[g.id] ?? 0}
          onChange={(e) => setPicked({ ...picked, [g.id]: Number(e.target.value) })}
          options={g.candidates.map((c) => ({ value: c.id, label: c.name }))}
        />
      ))}
      <div className="pset-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.employees.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={!complete}
          onClick={() => onConfirm(groups.map((g) => ({ group_id: g.id, user_id: picked[g.id]! })))}
        >
          {t('admin.detail.retire')}
        </Button>
      </div>
    </Dialog>
  );
}
