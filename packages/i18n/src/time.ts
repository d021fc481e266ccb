/**
 * The portal's zone. Japan has kept UTC+9 without daylight saving since 1951, so the wall clock
 * is the instant plus a fixed offset: the browser formats dates with it (@portal/ui's date/tokyo.ts)
 * and the API client's calendar-dates.ts relies on the same fact, with no timezone database.
 */
export const DEFAULT_TIMEZONE = 'Asia/Tokyo';
export const DEFAULT_UTC_OFFSET_MINUTES = 9 * 60;
