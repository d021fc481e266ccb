/**
 * Date rules of spec section 2, as pure functions of (value, now) so they test without clocks.
 * Everything is judged in Asia/Tokyo, whatever the browser's zone.
 */
import { i18n } from '@portal/i18n';
import { instantOf, TokyoTime } from './tokyo';

export { TokyoTime } from './tokyo';
export type DateInput = Date | string | number | TokyoTime;

// Numbers below this are Unix seconds (ms values this small would be before 1973); the API
// returns seconds in some places, JavaScript gives milliseconds elsewhere.
const SECONDS_LIMIT = 1e11;

/**
 * On the zone's fixed offset (tokyo.ts), not a timezone database: home's first render formats
 * dozens of dates (Lighthouse TBT), and the offset has not changed since 1951.
 */
export function toTokyo(value: DateInput): TokyoTime {
  if (value instanceof TokyoTime) return value;
  return new TokyoTime(typeof value === 'number' && Math.abs(value) < SECONDS_LIMIT ? value * 1000 : instantOf(value));
}

/** Today → 'HH:mm'; any other day → 'DD/MM (曜)' with the weekday in `lang`. */
export function formatDisplayDate(value: DateInput, now: DateInput = new Date(), lang: string = i18n.language): string {
  const d = toTokyo(value);
  if (!d.isValid()) return '';
  if (d.day() === toTokyo(now).day()) return d.format('HH:mm');
  return d.format('DD/MM (ddd)', lang);
}

export type LastLoginBucket =
  | { key: 'within_hour'; count: 0 }
  | { key: 'hours_ago'; count: number }
  | { key: 'days_ago'; count: number }
  | { key: 'over_week'; count: 7 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Within 1 hour; 1–23 hours ago; 1–7 days ago; more than 7 days ago. Counts are whole units
 * elapsed (59 min → within the hour, 60 min → 1 hour ago). A future value (clock skew) counts
 * as just now.
 */
export function lastLoginBucket(value: DateInput, now: DateInput = new Date()): LastLoginBucket {
  const diff = toTokyo(now).valueOf() - toTokyo(value).valueOf();
  if (diff < HOUR) return { key: 'within_hour', count: 0 };
  if (diff < DAY) return { key: 'hours_ago', count: Math.floor(diff / HOUR) };
  if (diff <= 7 * DAY) return { key: 'days_ago', count: Math.floor(diff / DAY) };
  return { key: 'over_week', count: 7 };
}
