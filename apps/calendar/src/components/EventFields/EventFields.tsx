import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDates as cd, EVENT_COLORS } from '@portal/api-client/core';
import { FormError, TextField } from '@portal/ui/kit';
import { useDevices, useMyGroups } from '../../api/calendar';
import type { FormState } from '../../lib/formState';
import { MemberPicker } from '../MemberPicker/MemberPicker';
import { MonthDayField } from '../MonthDayField/MonthDayField';

type Errors = Record<string, string[] | undefined>;
interface Props {
  value: FormState;
  onChange: (v: FormState) => void;
  errors: Errors;
}

function Radio<T extends number>({
  name,
  value,
  current,
  onPick,
  children,
}: {
  name: string;
  value: T;
  current: T | null;
  onPick: (v: T) => void;
  children: ReactNode;
}) {
  return (
    <label className="pcal-radio">
      <input type="radio" name={name} checked={current === value} onChange={() => onPick(value)} /> {children}
    </label>
  );
}

/** The event form's fields (title, timing, repeat, memo, colour, sharing, equipment). */
export function EventFields({ value: v, onChange, errors }: Props) {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const groups = useMyGroups();
  const devices = useDevices();
  const set = (patch: Partial<FormState>) => onChange({ ...v, ...patch });
  const err = (k: string) => errors[k]?.[0] ?? undefined;
  const repeat = v.plan_type === 3;

  return (
    <div className="pcal-fields">
      <TextField
        label={t('form.title_ja')}
        value={v.title_ja}
        onChange={(e) => set({ title_ja: e.target.value })}
        error={err('title_ja')}
        errorValues={{ field: t('form.title') }}
        maxLength={255}
      />
      <TextField
        label={t('form.title_en')}
        value={v.title_en}
        onChange={(e) => set({ title_en: e.target.value })}
        error={err('title_en')}
        errorValues={{ field: t('form.title') }}
        maxLength={255}
      />

      <fieldset className="pcal-fieldset">
        <legend>{t('form.plan_type')}</legend>
        <Radio name="plan_type" value={1} current={v.plan_type} onPick={(p) => set({ plan_type: p })}>
          {t('form.plan_normal')}
        </Radio>
        <Radio name="plan_type" value={2} current={v.plan_type} onPick={(p) => set({ plan_type: p })}>
          {t('form.plan_duration')}
        </Radio>
        <Radio
          name="plan_type"
          value={3}
          current={v.plan_type}
          onPick={(p) => set({ plan_type: p, repeat_type: v.repeat_type ?? 1, deadline_type: v.deadline_type ?? 1 })}
        >
          {t('form.plan_repeat')}
        </Radio>
      </fieldset>

      <div className="pcal-row">
        <TextField
          type="date"
          label={t('form.start_date')}
          value={v.event_start_date}
          onChange={(e) => set({ event_start_date: e.target.value })}
          error={err('event_start_date')}
          errorValues={{ field: t('form.start_date') }}
        />
        <TextField
          type="time"
          label={t('form.start_time')}
          value={v.event_start_time}
          onChange={(e) => set({ event_start_time: e.target.value })}
          error={err('event_start_time')}
          errorValues={{ field: t('form.start_time') }}
        />
        <TextField
          type="date"
          label={t('form.end_date')}
          value={v.event_end_date}
          onChange={(e) => set({ event_end_date: e.target.value })}
          error={err('event_end_date')}
          errorValues={{ field: t('form.end_date') }}
        />
        <TextField
          type="time"
          label={t('form.end_time')}
          value={v.event_end_time}
          onChange={(e) => set({ event_end_time: e.target.value })}
          error={err('event_end_time')}
          errorValues={{ field: t('form.end_time') }}
        />
      </div>

      {repeat ? (
        <fieldset className="pcal-fieldset">
          <legend>{t('form.repeat_type')}</legend>
          {(
            [
              [1, 'repeat_daily'],
              [2, 'repeat_weekdays'],
              [3, 'repeat_weekly'],
              [4, 'repeat_monthly'],
            ] as const
          ).map(([n, k]) => (
            <Radio
              key={n}
              name="repeat_type"
              value={n}
              current={v.repeat_type}
              // Weekly starts on the start date's weekday, which is what an empty choice means anyway.
              onPick={(r) =>
                set({
                  repeat_type: r,
                  ...(r === 3 && v.every_week_day.length === 0 ? { every_week_day: [cd.weekday(v.event_start_date)] } : {}),
                })
              }
            >
              {t(`form.${k}`)}
            </Radio>
          ))}
          {v.repeat_type === 3 ? (
            <div role="group" aria-label={t('form.week_days')} className="pcal-row">
              {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                <label key={d} className="pcal-radio">
                  <input
                    type="checkbox"
                    checked={v.every_week_day.includes(d)}
                    onChange={(e) =>
                      set({ every_week_day: e.target.checked ? [...v.every_week_day, d] : v.every_week_day.filter((x) => x !== d) })
                    }
                  />{' '}
                  {t(`weekdays.${d}`)}
                </label>
              ))}
            </div>
          ) : null}
          {v.repeat_type === 4 ? <MonthDayField value={v} set={set} /> : null}
          <div className="pcal-row">
            <Radio name="deadline" value={1} current={v.deadline_type} onPick={() => set({ deadline_type: 1, end_deadline: null })}>
              {t('form.deadline_indefinite')}
            </Radio>
            <Radio
              name="deadline"
              value={2}
              current={v.deadline_type}
              onPick={() => set({ deadline_type: 2, end_deadline: v.end_deadline ?? v.event_start_date })}
            >
              {t('form.deadline_limit')}
            </Radio>
            {v.deadline_type === 2 ? (
              <TextField
                type="date"
                label={t('form.end_deadline')}
                value={v.end_deadline ?? ''}
                onChange={(e) => set({ end_deadline: e.target.value || null })}
                error={err('end_deadline')}
                errorValues={{ field: t('form.end_deadline') }}
              />
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <label className="pui-field__label" htmlFor="pcal-memo">
        {t('form.memo')}
      </label>
      <textarea
        id="pcal-memo"
        className="pui-input pcal-memo-input"
        rows={4}
        value={v.memo}
        onChange={(e) => set({ memo: e.target.value })}
      />
      <FormError message={err('memo') ?? null} values={{ field: t('form.memo') }} />

      <fieldset className="pcal-fieldset">
        <legend>{t('form.color')}</legend>
        <div className="pcal-colors">
          {EVENT_COLORS.map((c) => (
            <label key={c.hex} className="pcal-color" style={{ background: c.hex, color: c.text === 'white' ? '#fff' : '#111' }}>
              <input
                type="radio"
                name="event_color"
                checked={v.event_color.toUpperCase() === c.hex}
                onChange={() => set({ event_color: c.hex })}
              />
              {t(`colors.${c.name}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="pcal-fieldset">
        <legend>{t('form.share')}</legend>
        <Radio name="share_type" value={1} current={v.share_type} onPick={() => set({ share_type: 1 })}>
          {t('form.share_group')}
        </Radio>
        <Radio name="share_type" value={2} current={v.share_type} onPick={() => set({ share_type: 2 })}>
          {t('form.share_members')}
        </Radio>
        {v.share_type === 1 ? (
          <div>
            <label className="pui-field__label" htmlFor="pcal-group">
              {t('form.group')}
            </label>
            <select
              id="pcal-group"
              className="pui-input"
              value={v.group_id ?? ''}
              onChange={(e) => set({ group_id: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="" />
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
            <FormError message={err('group_id') ?? null} values={{ field: t('form.group') }} />
          </div>
        ) : (
          <MemberPicker value={v.members} onChange={(members) => set({ members })} />
        )}
        <label className="pcal-radio">
          <input
            type="checkbox"
            checked={v.accept_member_change_plan === 1}
            onChange={(e) => set({ accept_member_change_plan: e.target.checked ? 1 : 0 })}
          />{' '}
          {t('form.accept_member_change')}
        </label>
      </fieldset>

      <fieldset className="pcal-fieldset">
        <legend>{t('form.equipment')}</legend>
        {(devices.data ?? []).length === 0 ? <p>{t('form.equipment_none')}</p> : null}
        {(devices.data ?? []).map((d) => (
          <label key={d.id} className="pcal-radio">
            <input
              type="checkbox"
              checked={v.equipment_ids.includes(d.id)}
              onChange={(e) =>
                set({ equipment_ids: e.target.checked ? [...v.equipment_ids, d.id] : v.equipment_ids.filter((x) => x !== d.id) })
              }
            />{' '}
            {d.name}（{d.group_name}）
            {d.opening_time && d.closing_time ? (
              <small> {t('preview.hours', { open: d.opening_time, close: d.closing_time })}</small>
            ) : null}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
