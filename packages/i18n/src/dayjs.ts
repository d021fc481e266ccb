/**
 * The one configured dayjs: ja and en locales, utc + timezone plugins, Asia/Tokyo default zone.
 * Everyone imports dayjs from here so plugins and the locale are set exactly once.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export const DEFAULT_TIMEZONE = 'Asia/Tokyo';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(DEFAULT_TIMEZONE);
dayjs.locale('ja');

export { dayjs };
export type { Dayjs } from 'dayjs';
