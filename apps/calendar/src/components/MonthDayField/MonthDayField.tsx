import { useTranslation } from 'react-i18next';
import { LAST_DAY_OF_MONTH } from '@portal/api-client/core';
import { TextField } from '@portal/ui/kit';
import type { FormState } from '../../lib/formState';

/**
 * The day of a monthly repeat: a day number, or each month's last day. A day some months lack
 * (29th–31st) is skipped in those months, which the hint says before saving, pointing at the
 * last-day choice for "every month at its end".
 */
export function MonthDayField({ value: v, set }: { value: FormState; set: (patch: Partial<FormState>) => void }) {
  const { t } = useTranslation('calendarPages');
  const startDay = Number(v.event_start_date.slice(8, 10));
  const lastDay = v.every_month_day === LAST_DAY_OF_MONTH;
  const day = lastDay ? startDay : (v.every_month_day ?? startDay);
  return (
    <>
      <label className="pcal-radio">
        <input type="checkbox" checked={lastDay} onChange={(e) => set({ every_month_day: e.target.checked ? LAST_DAY_OF_MONTH : null })} />{' '}
        {t('form.month_last_day')}
      </label>
      {lastDay ? null : (
        <>
          <TextField
            type="number"
            min={1}
            max={31}
            label={t('form.month_day')}
            value={day}
            onChange={(e) => set({ every_month_day: Number(e.target.value) || null })}
          />
          {day >= 29 ? (
            <p className="pcal-hint" role="note">
              {t('form.month_day_skipped', { day })}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
