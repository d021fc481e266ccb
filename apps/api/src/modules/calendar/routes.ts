import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { cached, registerEndpoint as on } from '../../http/route';
import { publishCalendarEvent } from './events';
import { calendarFeedRoutes } from './feed';
import { markAllRead, toggleFavorite, unreadCount, unreadPage } from './marks';
import { bookableEquipment, sharablePeople } from './people';
import { requireEditable, requireVisible } from './policy';
import { audienceOf } from './queries';
import { detail, occurrencesBetween, week } from './read';
import * as service from './service';
import './favorite-source';
import { forbidden } from '../../kernel';

const ok = { items: { ok: true as const } };

/** Calendar events (calendar-events/…): every handler authorises each id it is given. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  await app.register(calendarFeedRoutes);
  on(app, e.calendarByWeek, async ({ ctx, user, query }) => ({ items: await week(ctx, user, query) }), cached);
  on(app, e.calendarEventsInRange, async ({ ctx, user, query }) => ({
    items: await occurrencesBetween(ctx, user, query.startDate, query.endDate, { type: query.optionDisplay, group_id: query.group_id }),
  }));
  on(app, e.calendarEventsInDay, async ({ ctx, user, query }) => {
    // Only one's own day: another user's calendar is not readable through this call.
    if (query.userId !== undefined && query.userId !== user.id) throw forbidden();
    return { items: await occurrencesBetween(ctx, user, query.dayChoose, query.dayChoose, { type: 1 }) };
  });
  on(app, e.calendarMembers, async ({ ctx, user, query }) => ({ items: await sharablePeople(ctx, user, query) }));
  on(app, e.calendarDevices, async ({ ctx, user, query }) => ({ items: await bookableEquipment(ctx, user, query) }));

  on(app, e.calendarUnread, async ({ ctx, user, query }) => ({ items: await unreadPage(ctx, user, query.page, query.limit) }));
  on(app, e.calendarUnreadCount, async ({ ctx, user }) => ({ items: { count: await unreadCount(ctx, user.id) } }));
  on(app, e.calendarMarkRead, async ({ ctx, user, body }) => {
    const row = await requireVisible(ctx, user, body.event_id);
    await service.markRead(ctx.db, row.id, user.id, ctx.now());
    return ok;
  });
  on(app, e.calendarMarkReadAll, async ({ ctx, user }) => {
    await markAllRead(ctx, user.id);
    return ok;
  });
  on(app, e.calendarMarkFavorite, async ({ ctx, user, params }) => ({
    items: { is_favorite: await toggleFavorite(ctx, await requireVisible(ctx, user, params.id), user.id) },
  }));

  on(app, e.calendarEvent, async ({ ctx, user, params, query }) => ({
    items: await detail(ctx, user, await requireVisible(ctx, user, params.id), query.date),
  }));
  on(app, e.createCalendarEvent, async ({ ctx, user, body, reply }) => {
    const id = await service.createEvent(ctx, user, body);
    await publishCalendarEvent(ctx, id, 'created');
    reply.code(201);
    return { items: await detail(ctx, user, await requireVisible(ctx, user, id)) };
  });
  on(app, e.updateCalendarEvent, async ({ ctx, user, params, body }) => {
    const row = await requireVisible(ctx, user, params.id);
    requireEditable(row, user);
    const before = await audienceOf(ctx, row.id);
    const id = await service.updateEvent(ctx, user, row, body.event, body.edit_type, body.edit_date);
    await publishCalendarEvent(ctx, row.id, 'updated', before);
    if (id !== row.id) await publishCalendarEvent(ctx, id, 'created');
    return {
      items: await detail(ctx, user, await requireVisible(ctx, user, id), body.edit_type === 1 ? (body.edit_date ?? undefined) : undefined),
    };
  });
  on(app, e.deleteCalendarEvent, async ({ ctx, user, params, query }) => {
    const row = await requireVisible(ctx, user, params.id);
    requireEditable(row, user);
    const before = await audienceOf(ctx, row.id);
    await service.deleteEvent(ctx, user, row, query.delete_type, query.delete_date);
    await publishCalendarEvent(ctx, row.id, 'deleted', before);
    return ok;
  });
}
