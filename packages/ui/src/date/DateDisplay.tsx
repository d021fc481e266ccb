import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UTC_OFFSET_MINUTES } from '@portal/i18n';
import { formatDisplayDate, lastLoginBucket, toTokyo, type DateInput } from './date';

function isoOf(value: DateInput): string | undefined {
  const d = toTokyo(value);
  return d.isValid() ? d.format() : undefined;
}

interface Shown {
  iso: string;
  title: string;
  text: string;
}

/**
 * Formatted dates by instant, language and today's date: a list re-rendered (a realtime event,
 * see-more, a tick) shows the same few dozen dates again, and formatting them is the costliest
 * part of a list row. Bounded; dropped whole when full, which only costs re-formatting.
 */
const shown = new Map<string, Shown | null>();
const SHOWN_MAX = 2000;

function show(value: DateInput, now: DateInput | undefined, lang: string): Shown | null {
  const instant = typeof value === 'object' ? value.valueOf() : value;
  const nowMs = now === undefined ? Date.now() : toTokyo(now).valueOf();
  // Today's date decides between 'HH:mm' and 'DD/MM (曜)', so it is part of the key.
  const key = `${instant}|${lang}|${Math.floor((nowMs + DEFAULT_UTC_OFFSET_MINUTES * 60_000) / 86_400_000)}`;
  const hit = shown.get(key);
  if (hit !== undefined) return hit;
  // Converted once: home renders dozens of these in its first second.
  const d = toTokyo(value);
  const out = d.isValid() ? { iso: d.format(), title: d.format('YYYY/MM/DD HH:mm'), text: formatDisplayDate(d, nowMs, lang) } : null;
  if (shown.size >= SHOWN_MAX) shown.clear();
  shown.set(key, out);
  return out;
}

/**
 * A <time> showing 'HH:mm' today or 'DD/MM (曜)' otherwise; the full date is in the tooltip.
 * Memoised: a list row that re-renders with the same date does not format it again.
 */
export const DateDisplay = memo(function DateDisplay({
  value,
  now,
  className,
}: {
  value: DateInput | null | undefined;
  now?: DateInput;
  className?: string;
}) {
  const { i18n } = useTranslation('ui');
  if (value === null || value === undefined) return null;
  const d = show(value, now, i18n.language);
  if (!d) return null;
  return (
    <time className={className} dateTime={d.iso} title={d.title}>
      {d.text}
    </time>
  );
});

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
