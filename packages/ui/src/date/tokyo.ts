/**
 * An instant read on Tokyo's wall clock, and the few formats the portal shows. Japan has kept
 * UTC+9 without daylight saving since 1951 (DEFAULT_UTC_OFFSET_MINUTES), so the wall clock is the
 * instant plus nine hours: no timezone database, no date library on the start-up path (dayjs
 * with its utc and timezone plugins and the ja locale was ~6 KB gzip of every page's start-up).
 */
import { DEFAULT_UTC_OFFSET_MINUTES } from '@portal/i18n';

const OFFSET_MS = DEFAULT_UTC_OFFSET_MINUTES * 60_000;
const WEEKDAYS: Record<'ja' | 'en', readonly string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
/** A date-time without a zone, read in the browser's zone (as dayjs, the portal's library before, did). */
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
const TOKENS = /YYYY|MM|DD|HH|mm|ss|ddd|Z/g;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Epoch ms of a Date, a number (ms) or a string (ISO 8601, or a date-time without a zone: local). */
export function instantOf(value: Date | string | number | { valueOf(): number }): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const m = LOCAL_DATE_TIME.exec(value);
    if (!m) return Date.parse(value);
    const ms = Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0'));
    return new Date(
      Number(m[1]),
      Number(m[2] ?? 1) - 1,
      Number(m[3] || 1),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      ms,
    ).getTime();
  }
  return value.valueOf();
}

export class TokyoTime {
  /** The instant in epoch ms; NaN when the input was not a date. */
  readonly #ms: number;
  /** Tokyo's wall clock, as the UTC fields of a Date shifted by the offset. */
  readonly #wall: Date;

  constructor(ms: number) {
    this.#ms = ms;
    this.#wall = new Date(ms + OFFSET_MS);
  }

  valueOf(): number {
    return this.#ms;
  }

  isValid(): boolean {
    return Number.isFinite(this.#ms);
  }

  /** The calendar day in Tokyo, as a number that is equal for equal days. */
  day(): number {
    return Math.floor((this.#ms + OFFSET_MS) / 86_400_000);
  }

  /**
   * `YYYY MM DD HH mm ss` of Tokyo's wall clock, `ddd` the weekday in `lang` (ja or en), `Z` the
   * offset (+09:00); without a pattern, ISO 8601 with the offset (`<time dateTime>`).
   */
  format(pattern = 'YYYY-MM-DDTHH:mm:ssZ', lang: string = 'ja'): string {
    if (!this.isValid()) return 'Invalid Date';
    const w = this.#wall;
    return pattern.replace(TOKENS, (token) => {
      switch (token) {
        case 'YYYY':
          return pad(w.getUTCFullYear(), 4);
        case 'MM':
          return pad(w.getUTCMonth() + 1);
        case 'DD':
          return pad(w.getUTCDate());
        case 'HH':
          return pad(w.getUTCHours());
        case 'mm':
          return pad(w.getUTCMinutes());
        case 'ss':
          return pad(w.getUTCSeconds());
        case 'ddd':
          return WEEKDAYS[lang === 'en' ? 'en' : 'ja'][w.getUTCDay()]!;
        default:
          return '+09:00';
      }
    });
  }
}

/** A `YYYY-MM-DDTHH:mm` typed on Tokyo's wall clock (a datetime-local field), as epoch ms; null if malformed. */
export function fromTokyoWallClock(local: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - OFFSET_MS;
}
