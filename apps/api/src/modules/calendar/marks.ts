import { FavoriteTargetType, type CalendarEvent } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
import { favoriteRows, unreadRows, type EventRow } from './queries';
import { markRead } from './service';
import { toEvent } from './view';

const firstOccurrence = (row: EventRow, userId: number): CalendarEvent =>
  toEvent(row, { date: row.start_date, starts_at: row.starts_at, ends_at: row.ends_at, exception: null }, userId);

export async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  const row = await unreadRows(ctx, userId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function unreadPage(ctx: AppContext, user: AuthUser, page: number, limit: number) {
  const total = await unreadCount(ctx, user.id);
  const rows = await unreadRows(ctx, user.id)
    .orderBy('calendar_events.updated_at', 'desc')
    .orderBy('calendar_events.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.map((r) => firstOccurrence(r, user.id)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    total,
  };
}

export async function markAllRead(ctx: AppContext, userId: number): Promise<void> {
  const ids = (await unreadRows(ctx, userId).clearSelect().select('calendar_events.id').execute()).map((r) => r.id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) await markRead(trx, id, userId, now);
  });
}

/** Adds or removes the event from the caller's favourites; returns the new state. */
export async function toggleFavorite(ctx: AppContext, row: EventRow, userId: number): Promise<boolean> {
  if (row.favorite_at !== null) {
    await ctx.db.deleteFrom('calendar_event_favorites').where('event_id', '=', row.id).where('user_id', '=', userId).execute();
    return false;
  }
  await ctx.db.insertInto('calendar_event_favorites').values({ event_id: row.id, user_id: userId, created_at: ctx.now() }).execute();
  return true;
}

const fmt = (e: CalendarEvent) => `${e.event_start_date.replaceAll('-', '/')} ${e.event_start_time}`;
const fmtEnd = (e: CalendarEvent) => `${e.event_end_date.replaceAll('-', '/')} ${e.event_end_time}`;

/** A favourite's content (section 3): the start–end range of its first occurrence. */
export function favoriteRange(row: EventRow, userId: number): string {
  const e = firstOccurrence(row, userId);
  return `${fmt(e)} – ${fmtEnd(e)}`;
}

/**
 * For the notifications module's favourites list: the caller's favourite events they can still
 * see, newest first, as favourite items (favorite_target_type 3 CALENDAR, content = the
 * start–end range, section 3). `offset`/`limit` page; `total` counts them all.
 */
export async function listCalendarFavorites(ctx: AppContext, userId: number, opts: { limit: number; offset: number }) {
  const count = await favoriteRows(ctx, userId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await favoriteRows(ctx, userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('calendar_events.id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  const data = rows.map((r) => {
    const e = firstOccurrence(r, userId);
    return {
      favorite_target_type: FavoriteTargetType.CALENDAR,
      id: r.id,
      group_id: r.group_id,
      group_name: r.group_name ?? null,
      title: r.title,
      content: `${fmt(e)} – ${fmtEnd(e)}`,
      event_start_date: e.event_start_date,
      event_end_date: e.event_end_date,
      is_my_calendar: r.creator_id === userId ? 1 : 0,
      is_read: e.is_read,
      update_by_user: e.user_updater?.name ?? '',
      updated_at: Number(r.updated_at),
      favorited_at: Number(r.favorite_at),
    };
  });
  return { data, total: Number(count?.n ?? 0) };
}
