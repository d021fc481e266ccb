/**
 * Calendar values the browser needs at run time without zod (the full schemas live in
 * ./schemas/calendar.ts and re-export these).
 */

/** Which calendar a view shows: every event the caller sees, their own, or one joined group's. */
export const CalendarViewType = { ALL: 1, MY: 2, GROUP: 3 } as const;
/** Repeat deletion (and edit) scopes, section 4: this one, this and all future, all. */
export const RepeatScope = { THIS: 1, FUTURE: 2, ALL: 3 } as const;
/** How far ahead a repeating event's equipment bookings are reserved (one row per occurrence). */
export const BOOKING_HORIZON_DAYS = 366;

/**
 * Realtime: sent to everyone who sees an event (before and after the change) when it is
 * created, changed or deleted, so open calendars, the week table and unread counts refetch.
 */
export const CALENDAR_EVENT_KIND = 'calendar.changed';
export interface CalendarEventPayload {
  event_id: number;
  action: 'created' | 'updated' | 'deleted';
}
/** Every calendar query in the browser starts with this key, so one invalidation refreshes all. */
export const CALENDAR_QUERY_ROOT = ['calendar'] as const;
