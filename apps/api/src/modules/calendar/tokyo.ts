import { calendarDates } from '@portal/api-client';

// Date arithmetic in Asia/Tokyo is shared with the browser (one implementation).
export const { addDays, DAY_MS, datesBetween, dayOfMonth, daysBetween, tokyoDate, tokyoMs, tokyoTime, weekday } = calendarDates;
