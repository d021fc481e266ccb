import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { bookingOccurrences, type ExceptionRow, type Occurrence, type RuleRow } from './repeat';
import { tokyoDate, tokyoTime } from './tokyo';

interface Equipment {
  id: number;
  opening_time: string | null;
  closing_time: string | null;
}

export const alreadyBooked = (dates: string[]) =>
  new HttpError(409, 'EQUIPMENT_ALREADY_BOOKED', 'This equipment is already used by another schedule.', undefined, { dates });

/** Inside business hours: the occurrence starts and ends on one day between opening and closing. */
function withinHours(eq: Equipment, o: Occurrence): boolean {
  if (!eq.opening_time || !eq.closing_time) return true;
  const lastMinute = o.ends_at - 60_000;
  if (tokyoDate(o.starts_at) !== tokyoDate(lastMinute)) return false;
  return tokyoTime(o.starts_at) >= eq.opening_time && tokyoTime(o.ends_at) <= eq.closing_time && tokyoTime(o.ends_at) !== '00:00';
}

/** Occurrence dates of `occs` that overlap another event's booking of one of the equipment. */
export async function collisions(db: Kysely<DB>, eventId: number | null, equipmentIds: number[], occs: Occurrence[]): Promise<string[]> {
  if (equipmentIds.length === 0 || occs.length === 0) return [];
  const min = Math.min(...occs.map((o) => o.starts_at));
  const max = Math.max(...occs.map((o) => o.ends_at));
  let q = db
    .selectFrom('equipment_bookings')
    .select(['starts_at', 'ends_at'])
    .where('equipment_id', 'in', equipmentIds)
    .where('starts_at', '<', max)
    .where('ends_at', '>', min);
  if (eventId !== null) q = q.where('event_id', '<>', eventId);
  const taken = await q.execute();
  const dates = occs
    .filter((o) => taken.some((t) => Number(t.starts_at) < o.ends_at && Number(t.ends_at) > o.starts_at))
    .map((o) => o.date);
  return [...new Set(dates)];
}

export interface BookingPlan {
  equipment: Equipment[];
  occurrences: Occurrence[];
}

/**
 * Which occurrences to reserve and the refusals that need no other booking: past occurrences
 * are never (re)booked; a first occurrence in the past is refused when `strictPast` (a new
 * booking, or changed times or equipment); any occurrence outside business hours is refused.
 */
export function planBooking(
  ctx: AppContext,
  rule: RuleRow,
  exceptions: ExceptionRow[],
  equipment: Equipment[],
  strictPast: boolean,
): BookingPlan {
  if (equipment.length === 0) return { equipment, occurrences: [] };
  const now = ctx.now();
  const all = bookingOccurrences(rule, exceptions);
  if (strictPast && (all.length === 0 || all[0]!.starts_at < now)) {
    throw new HttpError(400, 'RESERVATION_RETROACTIVE', 'Reservations cannot be made retroactively.');
  }
  const occurrences = all.filter((o) => o.starts_at >= now);
  for (const eq of equipment) {
    if (occurrences.some((o) => !withinHours(eq, o))) throw new HttpError(400, 'OUTSIDE_BUSINESS_HOURS', 'It is outside business hours.');
  }
  return { equipment, occurrences };
}

/**
 * Replaces the event's future bookings with the plan, inside the caller's write transaction.
 * The check gives the colliding dates; the guarantee is the database's: PostgreSQL's exclusion
 * constraint refuses an overlapping row even when two transactions check at once (23P01 →
 * the same 409), and on SQLite the transaction began IMMEDIATE, so no other writer runs
 * between this check and the insert.
 */
export async function writeBookings(ctx: AppContext, trx: Kysely<DB>, eventId: number, plan: BookingPlan): Promise<void> {
  await trx.deleteFrom('equipment_bookings').where('event_id', '=', eventId).where('starts_at', '>=', ctx.now()).execute();
  const ids = plan.equipment.map((e) => e.id);
  const clash = await collisions(trx, eventId, ids, plan.occurrences);
  if (clash.length) throw alreadyBooked(clash);
  const rows = ids.flatMap((equipment_id) =>
    plan.occurrences.map((o) => ({ event_id: eventId, equipment_id, occurrence_date: o.date, starts_at: o.starts_at, ends_at: o.ends_at })),
  );
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto('equipment_bookings')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

export const isExclusionViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23P01';
