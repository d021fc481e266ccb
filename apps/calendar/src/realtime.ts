import type { QueryClient } from '@tanstack/react-query';
import { CALENDAR_EVENT_KIND, CALENDAR_QUERY_ROOT } from '@portal/api-client/core';
import { registerRealtimeReactions, type RealtimeSubscriber } from '@portal/api-client/realtime';

/**
 * An event someone shares with this user changed: open calendars, the week table and the
 * calendar unread count (all under one key root) refetch.
 */
export function calendarReactions(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  return bus.subscribe(CALENDAR_EVENT_KIND, () => void refreshCalendarQueries(queryClient));
}

export function refreshCalendarQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
}

/** Imported by every exposed module: the shell routes the bus here once this remote is loaded. */
export function registerCalendarReactions(): void {
  registerRealtimeReactions('calendar', calendarReactions);
}
