import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { Button, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { useSettings } from '../api/settings';

type Notify = Settings['setting_notify_news'];
type Slot = 'first' | 'second' | 'third';
const SLOTS: Slot[] = ['first', 'second', 'third'];
const INTERVALS = [1, 2, 3, 4, 6, 8, 12, 24, 48, 72, 168];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The rules of the mail settings: addresses look like addresses, the second and third of a kind
 * differ from each other (and from the first), and a stop window has both ends or none.
 * Returns error keys (notifications namespace) by field.
 */
export function notifyErrors(n: Notify): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of ['regular', 'emergency'] as const) {
    const addr = (s: Slot) => (n[`${s}_email_${kind}`] ?? '').trim();
    for (const s of SLOTS)
      if (addr(s) && (!EMAIL.test(addr(s)) || addr(s).length > 100)) out[`${s}_email_${kind}`] = 'notify_settings.error_email';
    if (addr('second') && addr('second') === addr('third')) out[`third_email_${kind}`] = 'notify_settings.error_same';
    for (const s of ['second', 'third'] as const)
      if (addr(s) && addr(s) === addr('first')) out[`${s}_email_${kind}`] = 'notify_settings.error_same';
    const start = n[`${kind}_stop_notify_start`];
    const end = n[`${kind}_stop_notify_end`];
    if (Boolean(start) !== Boolean(end)) out[`${kind}_stop_notify_end`] = 'notify_settings.error_window';
  }
  return out;
}

/**
 * /setting/setting-notify-news: when and where digest mails of unread items go, emergency mail
 * addresses, and the quiet hours of each (the notifications engineer owns this page).
 */
export function SettingNotifyNewsPage() {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const { t: tSettings } = useTranslation('settings');
  const title = tSettings('pages.setting_notify_news');
  useDocumentTitle(title);
  const settings = useSettings();
  const queryClient = useQueryClient();
  const modal = useModal();
  const [draft, setDraft] = useState<Notify | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (n: Notify) => (await api.call('updateSettings', { params: { section: 'setting_notify_news' }, body: n })).items,
    onSuccess: (s) => queryClient.setQueryData(queryKeys.settings(), s),
  });
  const n = draft ?? settings.data?.setting_notify_news ?? null;
  const heading = (
    <h1 id="pset-notify-title" className="pui-page-title">
      {title}
    </h1>
  );
  if (!n) {
    return (
      <section className="pset-page" aria-labelledby="pset-notify-title">
        {heading}
        {settings.isError ? <p role="alert">{t('common.load_failed')}</p> : <Spinner />}
      </section>
    );
  }

  const set = (patch: Partial<Notify>) => setDraft({ ...n, ...patch });
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = notifyErrors(n);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const clean = { ...n };
    for (const kind of ['regular', 'emergency'] as const)
      for (const s of SLOTS) clean[`${s}_email_${kind}`] = (n[`${s}_email_${kind}`] ?? '').trim() || null;
    try {
      await save.mutateAsync(clean);
      setDraft(null);
      modal.success({ message: t('notify_settings.saved') });
    } catch {
      // Failures are shown by the shell's global handler (section 8).
    }
  };
  const err = (k: string) =>
    errors[k] && (
      <span className="pui-field__error" role="alert">
        {t(errors[k]!)}
      </span>
    );
  const addresses = (kind: 'regular' | 'emergency') =>
    SLOTS.map((s) => (
      <div key={s} className="pset-notify__address">
        <label className="pset-radio">
          <input
            type="checkbox"
            checked={n[`${s}_email_${kind}_option`]}
            onChange={(e) => set({ [`${s}_email_${kind}_option`]: e.target.checked } as Partial<Notify>)}
          />{' '}
          {t(`notify_settings.slot_${s}`)}
        </label>
        <input
          className="pui-input"
          type="email"
          aria-label={t(`notify_settings.address_${s}`, { kind: t(`notify_settings.${kind}`) })}
          placeholder={s === 'first' ? t('notify_settings.account_address') : ''}
          value={n[`${s}_email_${kind}`] ?? ''}
          onChange={(e) => set({ [`${s}_email_${kind}`]: e.target.value } as Partial<Notify>)}
        />
        {err(`${s}_email_${kind}`)}
      </div>
    ));
  const windowFields = (kind: 'regular' | 'emergency') => (
    <div className="pset-notify__window">
      <label>
        {t('notify_settings.stop_start')}{' '}
        <input
          className="pui-input"
          type="time"
          value={n[`${kind}_stop_notify_start`] ?? ''}
          onChange={(e) => set({ [`${kind}_stop_notify_start`]: e.target.value || null } as Partial<Notify>)}
        />
      </label>
      <label>
        {t('notify_settings.stop_end')}{' '}
        <input
          className="pui-input"
          type="time"
          value={n[`${kind}_stop_notify_end`] ?? ''}
          onChange={(e) => set({ [`${kind}_stop_notify_end`]: e.target.value || null } as Partial<Notify>)}
        />
      </label>
      {err(`${kind}_stop_notify_end`)}
    </div>
  );
  return (
    <section className="pset-page" aria-labelledby="pset-notify-title">
      {heading}
      <form className="pset-form" onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend className="pui-field__label">{t('notify_settings.regular_legend')}</legend>
          <label className="pset-radio">
            <input type="checkbox" checked={n.schedule_email_option} onChange={(e) => set({ schedule_email_option: e.target.checked })} />{' '}
            {t('notify_settings.schedule_on')}
          </label>
          <label>
            {t('notify_settings.time')}{' '}
            <select
              className="pui-input pui-select"
              value={n.email_notify_time}
              onChange={(e) => set({ email_notify_time: Number(e.target.value) })}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
              ))}
            </select>
          </label>
          <label>
            {t('notify_settings.interval')}{' '}
            <select
              className="pui-input pui-select"
              value={n.notify_interval}
              onChange={(e) => set({ notify_interval: Number(e.target.value) })}
            >
              {INTERVALS.map((h) => (
                <option key={h} value={h}>
                  {t('notify_settings.hours', { count: h })}
                </option>
              ))}
            </select>
          </label>
          {addresses('regular')}
          {windowFields('regular')}
        </fieldset>
        <fieldset>
          <legend className="pui-field__label">{t('notify_settings.emergency_legend')}</legend>
          {addresses('emergency')}
          {windowFields('emergency')}
        </fieldset>
        <div className="pset-form__actions">
          <Button type="submit" loading={save.isPending}>
            {t('notify_settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
