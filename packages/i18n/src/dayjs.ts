/**
 * The one configured dayjs: ja and en locales, utc + timezone plugins, Asia/Tokyo default zone.
 * Everyone imports dayjs from here so plugins and the locale are set exactly once.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export const DEFAULT_TIMEZONE = 'Asia/Tokyo';
/**
 * Its offset, fixed: Japan has kept UTC+9 without daylight saving since 1951 (the API client's
 * calendar-dates.ts relies on the same fact), so `utcOffset` gives the zone's wall clock exactly
 * without the timezone plugin's Intl round trip.
 */
export const DEFAULT_UTC_OFFSET_MINUTES = 9 * 60;

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(DEFAULT_TIMEZONE);
dayjs.locale('ja');

export { dayjs };
export type { Dayjs } from 'dayjs';
