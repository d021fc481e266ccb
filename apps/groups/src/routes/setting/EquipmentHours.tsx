import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { equipmentBody } from '@portal/api-client/schemas/groups';
import { Button, useModal } from '@portal/ui';
import { FormError } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { useEquipmentActions } from '../../api/equipment';

interface Item {
  id: number;
  name: string;
  opening_time?: string | null;
  closing_time?: string | null;
}

/** Business hours of one equipment (calendar booking): shown, and edited in place. */
export function EquipmentHours({ groupId, item }: { groupId: number; item: Item }) {
  const { t } = useTranslation('groups');
  const { setHours } = useEquipmentActions(groupId);
  const modal = useModal();
  const showError = useShowActionError();
  const [draft, setDraft] = useState<{ open: string; close: string; problem: string | null } | null>(null);

  const save = async (open: string | null, close: string | null) => {
    const parsed = equipmentBody.safeParse({ name: item.name, opening_time: open, closing_time: close });
    if (!parsed.success) return setDraft((d) => d && { ...d, problem: parsed.error.issues[0]?.message ?? 'validation.invalid' });
    try {
      await setHours.mutateAsync({ equipmentId: item.id, name: item.name, opening_time: open, closing_time: close });
      setDraft(null);
      modal.success({ message: t('equipment.hours_saved') });
    } catch (err) {
      showError(err);
    }
  };

  if (!draft) {
    return (
      <span className="pgrp-actions">
        <span>{item.opening_time && item.closing_time ? `${item.opening_time}–${item.closing_time}` : t('equipment.hours_none')}</span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setDraft({ open: item.opening_time ?? '09:00', close: item.closing_time ?? '18:00', problem: null })}
        >
          {t('equipment.set_hours')}
        </Button>
      </span>
    );
  }
  return (
    <span className="pgrp-actions">
      <label>
        {t('equipment.opening')}{' '}
        <input
          type="time"
          className="pui-input"
          value={draft.open}
          onChange={(e) => setDraft({ ...draft, open: e.target.value, problem: null })}
        />
      </label>
      <label>
        {t('equipment.closing')}{' '}
        <input
          type="time"
          className="pui-input"
          value={draft.close}
          onChange={(e) => setDraft({ ...draft, close: e.target.value, problem: null })}
        />
      </label>
      <Button size="sm" loading={setHours.isPending} onClick={() => void save(draft.open, draft.close)}>
        {t('actions.save')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void save(null, null)}>
        {t('equipment.clear_hours')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
        {t('actions.cancel')}
      </Button>
      <FormError message={draft.problem} values={{ field: t('equipment.hours') }} />
    </span>
  );
}
