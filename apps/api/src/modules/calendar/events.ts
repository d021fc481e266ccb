import { CALENDAR_EVENT_KIND, type CalendarEventPayload } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { audienceOf } from './queries';

/**
 * Tells everyone who sees the event, and those who saw it before the change (`before`), after
 * the write committed. The bus never fails a request: realtime is a hint over stored data.
 */
export async function publishCalendarEvent(
  ctx: AppContext,
  eventId: number,
  action: CalendarEventPayload['action'],
  before: number[] = [],
): Promise<void> {
  const to = [...new Set([...before, ...(action === 'deleted' ? [] : await audienceOf(ctx, eventId))])];
  if (to.length === 0) return;
  const payload: CalendarEventPayload = { event_id: eventId, action };
  await ctx.bus.publish(to, { kind: CALENDAR_EVENT_KIND, payload });
}
