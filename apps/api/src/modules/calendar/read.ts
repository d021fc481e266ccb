import { CalendarViewType, type CalendarEvent, type CalendarEventDetail } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
import { holidaysBetween } from './holidays';
import { requireMyGroup } from './policy';
import { eventRows, equipmentsOf, exceptionsOf, membersOf, type EventFilter, type EventRow } from './queries';
import { expand } from './repeat';
import { addDays, tokyoDate, tokyoMs, weekday } from './tokyo';
import { groupByDay, toEvent } from './view';

export interface ViewChoice {
  type: number;
  group_id?: number;
}

async function scopeOf(ctx: AppContext, user: AuthUser, v: ViewChoice): Promise<EventFilter['scope']> {
  if (v.type === CalendarViewType.MY) return 'my';
  if (v.type === CalendarViewType.GROUP) {
    if (v.group_id === undefined) return 'my';
    await requireMyGroup(ctx, user, v.group_id);
    return { groupId: v.group_id };
  }
  return 'all';
}

/** Every occurrence overlapping the Tokyo days [fromDate, toDate], holidays included, in start order. */
export async function occurrencesBetween(
  ctx: AppContext,
  user: AuthUser,
  fromDate: string,
  toDate: string,
  v: ViewChoice,
): Promise<CalendarEvent[]> {
  const from = tokyoMs(fromDate);
  const to = tokyoMs(addDays(toDate, 1));
  const rows = await eventRows(ctx, user.id, { scope: await scopeOf(ctx, user, v), from, to });
  const exceptions = await exceptionsOf(
    ctx,
    rows.filter((r) => r.plan_type === 3 && r.has_exceptions).map((r) => r.id),
  );
  const events: CalendarEvent[] = [];
  for (const row of rows) {
    for (const occ of expand(row, exceptions.get(row.id) ?? [], from, to)) events.push(toEvent(row, occ, user.id));
  }
  events.push(...holidaysBetween(fromDate, toDate));
  return events.sort((a, b) => a.starts_at - b.starts_at || (a.id ?? 0) - (b.id ?? 0));
}

/**
 * The days a week view shows: from `date`, or from the start of its week when a first weekday
 * is given (the user's first_day_of_week), `days` long.
 */
export async function week(
  ctx: AppContext,
  user: AuthUser,
  q: { date: string; type: number; group_id?: number; week_start_date?: number; days: number },
) {
  const first = q.week_start_date === undefined ? q.date : addDays(q.date, -((weekday(q.date) - q.week_start_date + 7) % 7));
  const last = addDays(first, q.days - 1);
  const dates: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
  return groupByDay(dates, await occurrencesBetween(ctx, user, first, last, q));
}

export async function detail(ctx: AppContext, user: AuthUser, row: EventRow, date?: string): Promise<CalendarEventDetail> {
  const exceptions = (await exceptionsOf(ctx, [row.id])).get(row.id) ?? [];
  // The occurrence asked for, or else the first one (a deleted occurrence date falls back too).
  const at = date ? tokyoMs(date) : row.starts_at;
  const window = date ? tokyoMs(addDays(date, 1)) : row.starts_at + 1;
  let occ = expand(row, exceptions, at, window).find((o) => !date || o.date === date);
  occ ??= expand(row, exceptions, row.starts_at, Math.min(Number(row.range_end), row.starts_at + 400 * 86_400_000))[0];
  occ ??= { date: row.start_date, starts_at: row.starts_at, ends_at: row.ends_at, exception: null };
  const booked = await ctx.db
    .selectFrom('equipment_bookings')
    .select((eb) => eb.fn.max('starts_at').as('last'))
    .where('event_id', '=', row.id)
    .executeTakeFirst();
  return {
    ...toEvent(row, occ, user.id),
    members: await membersOf(ctx, row.id),
    equipments: await equipmentsOf(ctx, row.id),
    booked_until: booked?.last == null ? null : tokyoDate(Number(booked.last)),
  };
}
