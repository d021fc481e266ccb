import { useTranslation } from 'react-i18next';
import { formatDisplayDate, lastLoginBucket, toTokyo, type DateInput } from './date';

function isoOf(value: DateInput): string | undefined {
  const d = toTokyo(value);
  return d.isValid() ? d.format() : undefined;
}

/** A <time> showing 'HH:mm' today or 'DD/MM (曜)' otherwise; the full date is in the tooltip. */
export function DateDisplay({ value, now, className }: { value: DateInput | null | undefined; now?: DateInput; className?: string }) {
  const { i18n } = useTranslation('ui');
  if (value === null || value === undefined) return null;
  // Converted once: home renders dozens of these in its first second.
  const d = toTokyo(value);
  if (!d.isValid()) return null;
  return (
    <time className={className} dateTime={d.format()} title={d.format('YYYY/MM/DD HH:mm')}>
      {formatDisplayDate(d, now ?? new Date(), i18n.language)}
    </time>
  );
}

/** "n hours ago"-style last login; null means never logged in. */
export function LastLogin({ value, now, className }: { value: DateInput | null | undefined; now?: DateInput; className?: string }) {
  const { t } = useTranslation('ui');
  if (value === null || value === undefined) return <span className={className}>{t('last_login.never')}</span>;
  const iso = isoOf(value);
  if (!iso) return null;
  const bucket = lastLoginBucket(value, now ?? new Date());
  return (
    <time className={className} dateTime={iso}>
      {t(`last_login.${bucket.key}`, { count: bucket.count })}
    </time>
  );
}
