import { DeadlineType, PlanType, RepeatScope, ShareType, type CalendarEventBody } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { writeTransaction } from '../files';
import { alreadyBooked, collisions, isExclusionViolation, planBooking, writeBookings, type BookingPlan } from './booking';
import { checkEquipment, checkShare, myGroupIds } from './policy';
import { equipmentQuery, exceptionsOf, type EventRow } from './queries';
import { indexEvent, unindexEvent } from './search';
import { rangeEnd, type ExceptionRow, type RuleRow } from './repeat';
import { addDays, tokyoMs } from './tokyo';

/** The stored columns of an event body (rule fields only for a repeat); the seed writes them too. */
export function columns(body: CalendarEventBody) {
  const repeat = body.plan_type === PlanType.REPEAT;
  const rule: RuleRow = {
    plan_type: body.plan_type,
    repeat_type: repeat ? body.repeat_type : null,
    every_week_day: repeat && body.every_week_day.length ? [...new Set(body.every_week_day)].sort().join(',') : null,
    every_month_day: repeat ? body.every_month_day : null,
    deadline_type: repeat ? body.deadline_type : null,
    end_deadline: repeat && body.deadline_type === DeadlineType.TIME_LIMIT ? body.end_deadline : null,
    start_date: body.event_start_date,
    starts_at: tokyoMs(body.event_start_date, body.event_start_time),
    ends_at: tokyoMs(body.event_end_date, body.event_end_time),
  };
  return {
    ...rule,
    title: body.title_ja || body.title_en,
    title_ja: body.title_ja,
    title_en: body.title_en,
    memo: body.memo,
    end_date: body.event_end_date,
    start_time: body.event_start_time,
    end_time: body.event_end_time,
    range_end: rangeEnd(rule),
    event_color: body.event_color,
    share_type: body.share_type,
    group_id: body.share_type === ShareType.GROUP_TAG ? body.group_id : null,
    accept_member_change_plan: body.accept_member_change_plan,
  };
}

/** Section 5: a deadline must be later than now. */
function checkDeadline(ctx: AppContext, body: CalendarEventBody): void {
  if (body.plan_type === PlanType.REPEAT && body.deadline_type === DeadlineType.TIME_LIMIT && body.end_deadline) {
    if (tokyoMs(addDays(body.end_deadline, 1)) <= ctx.now()) {
      throw new HttpError(400, 'VALIDATION_ERROR', 'The given data was invalid.', { end_deadline: ['validation.deadline_future'] });
    }
  }
}

function loadEquipment(db: Kysely<DB>, ids: number[]) {
  return ids.length ? equipmentQuery(db).where('q.id', 'in', ids).execute() : Promise.resolve([]);
}

/**
 * Runs a write that may book equipment. A PostgreSQL exclusion violation (another transaction
 * booked the slot between our check and insert) becomes the same 409, with the colliding dates
 * read once the failed transaction is gone.
 */
async function bookingWrite<T>(ctx: AppContext, plan: () => BookingPlan | null, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(ctx, fn);
  } catch (err) {
    if (!isExclusionViolation(err)) throw err;
    const p = plan();
    throw alreadyBooked(
      p
        ? await collisions(
            ctx.db,
            null,
            p.equipment.map((e) => e.id),
            p.occurrences,
          )
        : [],
    );
  }
}

async function saveRelations(trx: Kysely<DB>, eventId: number, body: CalendarEventBody, creatorId: number): Promise<void> {
  await trx.deleteFrom('calendar_event_members').where('event_id', '=', eventId).execute();
  const members = body.share_type === ShareType.MEMBER_CHOOSE ? [...new Set(body.user_ids)].filter((id) => id !== creatorId) : [];
  if (members.length)
    await trx
      .insertInto('calendar_event_members')
      .values(members.map((user_id) => ({ event_id: eventId, user_id })))
      .execute();
  await trx.deleteFrom('calendar_event_equipments').where('event_id', '=', eventId).execute();
  const eq = [...new Set(body.equipment_ids)];
  if (eq.length)
    await trx
      .insertInto('calendar_event_equipments')
      .values(eq.map((equipment_id) => ({ event_id: eventId, equipment_id })))
      .execute();
}

async function insertEvent(
  ctx: AppContext,
  trx: Kysely<DB>,
  user: AuthUser,
  body: CalendarEventBody,
  creatorId: number,
  plan: BookingPlan | null,
) {
  const now = ctx.now();
  const row = await trx
    .insertInto('calendar_events')
    .values({ ...columns(body), company_id: user.companyId, creator_id: creatorId, updater_id: user.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveRelations(trx, row.id, body, creatorId);
  await indexEvent(trx, row.id);
  if (plan) await writeBookings(ctx, trx, row.id, plan);
  await markRead(trx, row.id, user.id, now);
  return row.id;
}

export async function markRead(db: Kysely<DB>, eventId: number, userId: number, now: number): Promise<void> {
  await db.deleteFrom('calendar_event_reads').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
  await db.insertInto('calendar_event_reads').values({ event_id: eventId, user_id: userId, created_at: now }).execute();
}

export async function createEvent(ctx: AppContext, user: AuthUser, body: CalendarEventBody): Promise<number> {
  checkDeadline(ctx, body);
  const groups = await myGroupIds(ctx, user.id);
  await checkShare(ctx, user, body, groups);
  await checkEquipment(ctx, body.equipment_ids, groups);
  const plan = planBooking(ctx, columns(body), [], await loadEquipment(ctx.db, body.equipment_ids), true);
  return bookingWrite(
    ctx,
    () => plan,
    (trx) => insertEvent(ctx, trx, user, body, user.id, plan),
  );
}

const sameTiming = (row: EventRow, c: ReturnType<typeof columns>) =>
  (
    [
      'plan_type',
      'repeat_type',
      'every_week_day',
      'every_month_day',
      'deadline_type',
      'end_deadline',
      'start_date',
      'starts_at',
      'ends_at',
    ] as const
  ).every((k) => String(row[k] ?? '') === String(c[k] ?? ''));

/**
 * Changes an event. For a repeat, `this` stores the occurrence as an exception, `future` ends
 * the series the day before and starts a new one from the body (same creator), `all` rewrites
 * the rule. Returns the id to show (the new series for `future`).
 */
export async function updateEvent(
  ctx: AppContext,
  user: AuthUser,
  row: EventRow,
  body: CalendarEventBody,
  scope: number,
  date: string | null,
): Promise<number> {
  checkDeadline(ctx, body);
  const groups = await myGroupIds(ctx, user.id);
  await checkShare(ctx, user, body, groups);
  const current = (
    await ctx.db.selectFrom('calendar_event_equipments').select('equipment_id').where('event_id', '=', row.id).execute()
  ).map((r) => r.equipment_id);
  await checkEquipment(ctx, body.equipment_ids, groups, current);
  const equipment = await loadEquipment(ctx.db, body.equipment_ids);
  const isRepeat = row.plan_type === PlanType.REPEAT;
  const now = ctx.now();

  if (isRepeat && scope === RepeatScope.THIS && date) {
    const c = columns(body);
    const ex: ExceptionRow = {
      occurrence_date: date,
      is_deleted: 0,
      title: c.title,
      title_ja: c.title_ja,
      title_en: c.title_en,
      memo: c.memo,
      event_color: c.event_color,
      starts_at: c.starts_at,
      ends_at: c.ends_at,
    };
    const others = ((await exceptionsOf(ctx, [row.id])).get(row.id) ?? []).filter((e) => e.occurrence_date !== date);
    const plan = planBooking(ctx, row, [...others, ex], equipmentOfRow(equipment, current), false);
    await bookingWrite(
      ctx,
      () => plan,
      async (trx) => {
        await trx.deleteFrom('calendar_event_exceptions').where('event_id', '=', row.id).where('occurrence_date', '=', date).execute();
        await trx
          .insertInto('calendar_event_exceptions')
          .values({ event_id: row.id, ...ex })
          .execute();
        await trx.updateTable('calendar_events').set({ updater_id: user.id, updated_at: now }).where('id', '=', row.id).execute();
        await indexEvent(trx, row.id);
        await writeBookings(ctx, trx, row.id, plan);
        await markRead(trx, row.id, user.id, now);
      },
    );
    return row.id;
  }

  if (isRepeat && scope === RepeatScope.FUTURE && date && date > row.start_date) {
    const newPlan = planBooking(ctx, columns(body), [], equipment, true);
    return bookingWrite(
      ctx,
      () => newPlan,
      async (trx) => {
        await truncateSeries(ctx, trx, row, date);
        return insertEvent(ctx, trx, user, body, row.creator_id, newPlan);
      },
    );
  }

  const c = columns(body);
  const changed = !sameTiming(row, c) || [...current].sort().join() !== [...new Set(body.equipment_ids)].sort().join();
  const exceptions = (await exceptionsOf(ctx, [row.id])).get(row.id) ?? [];
  const plan = planBooking(ctx, c, exceptions, equipment, changed);
  await bookingWrite(
    ctx,
    () => plan,
    async (trx) => {
      await trx
        .updateTable('calendar_events')
        .set({ ...c, updater_id: user.id, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await saveRelations(trx, row.id, body, row.creator_id);
      await indexEvent(trx, row.id);
      await writeBookings(ctx, trx, row.id, plan);
      await markRead(trx, row.id, user.id, now);
    },
  );
  return row.id;
}

/** Equipment a THIS-scope edit keeps: the series' own (an occurrence cannot change it). */
function equipmentOfRow<T extends { id: number }>(loaded: T[], current: number[]): T[] {
  return loaded.filter((e) => current.includes(e.id));
}

/** Ends a repeating series the day before `date`; its exceptions and bookings from then go. */
async function truncateSeries(_ctx: AppContext, trx: Kysely<DB>, row: EventRow, date: string): Promise<void> {
  const end_deadline = addDays(date, -1);
  const rule: RuleRow = { ...row, deadline_type: DeadlineType.TIME_LIMIT, end_deadline };
  await trx
    .updateTable('calendar_events')
    .set({ deadline_type: DeadlineType.TIME_LIMIT, end_deadline, range_end: rangeEnd(rule) })
    .where('id', '=', row.id)
    .execute();
  await trx.deleteFrom('calendar_event_exceptions').where('event_id', '=', row.id).where('occurrence_date', '>=', date).execute();
  await trx.deleteFrom('equipment_bookings').where('event_id', '=', row.id).where('occurrence_date', '>=', date).execute();
  // The earlier part stays searchable; the cut occurrences' own texts go with their exceptions.
  await indexEvent(trx, row.id);
}

/** Deletes the event, or for a repeat one occurrence (THIS) or it and all later (FUTURE). */
export async function deleteEvent(ctx: AppContext, user: AuthUser, row: EventRow, scope: number, date: string | undefined): Promise<void> {
  const isRepeat = row.plan_type === PlanType.REPEAT;
  const now = ctx.now();
  await writeTransaction(ctx, async (trx) => {
    if (isRepeat && date && scope === RepeatScope.THIS) {
      await trx.deleteFrom('calendar_event_exceptions').where('event_id', '=', row.id).where('occurrence_date', '=', date).execute();
      await trx
        .insertInto('calendar_event_exceptions')
        .values({
          event_id: row.id,
          occurrence_date: date,
          is_deleted: 1,
          title: null,
          title_ja: null,
          title_en: null,
          memo: null,
          event_color: null,
          starts_at: null,
          ends_at: null,
        })
        .execute();
      await trx.deleteFrom('equipment_bookings').where('event_id', '=', row.id).where('occurrence_date', '=', date).execute();
      await trx.updateTable('calendar_events').set({ updater_id: user.id, updated_at: now }).where('id', '=', row.id).execute();
      await indexEvent(trx, row.id);
      return;
    }
    if (isRepeat && date && scope === RepeatScope.FUTURE && date > row.start_date) {
      await truncateSeries(ctx, trx, row, date);
      await trx.updateTable('calendar_events').set({ updater_id: user.id, updated_at: now }).where('id', '=', row.id).execute();
      return;
    }
    await trx.deleteFrom('calendar_events').where('id', '=', row.id).execute();
    await unindexEvent(trx, row.id);
  });
}
