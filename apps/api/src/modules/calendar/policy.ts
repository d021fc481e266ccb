import { ShareType, type CalendarEventBody } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { findVisibleEvent, type EventRow } from './queries';
import { canEdit } from './view';
import { forbidden } from '../../kernel';

export const eventNotFound = () => new HttpError(404, 'CALENDAR_NOT_FOUND', 'The event does not exist.');

/** An event not shared with the caller does not exist for them: 404, never its title. */
export async function requireVisible(ctx: AppContext, user: AuthUser, eventId: number): Promise<EventRow> {
  const row = await findVisibleEvent(ctx, user.id, eventId);
  if (!row) throw eventNotFound();
  return row;
}

export function requireEditable(row: EventRow, user: AuthUser): void {
  if (!canEdit(row, user.id)) throw forbidden();
}

/** Group ids the user is an active member of (stopped groups excluded). */
export async function myGroupIds(ctx: AppContext, userId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select('m.group_id')
    .where('m.user_id', '=', userId)
    .where('g.is_stopped', '=', 0)
    .execute();
  return rows.map((r) => r.group_id);
}

/** A group a view filters by must be one of the caller's. */
export async function requireMyGroup(ctx: AppContext, user: AuthUser, groupId: number): Promise<void> {
  if (!(await myGroupIds(ctx, user.id)).includes(groupId)) throw forbidden();
}

/**
 * Whom the event is shared with must be reachable by the caller: one of their groups, or people
 * who share a group with them (the member picker's list). Anything else is 403.
 */
export async function checkShare(ctx: AppContext, user: AuthUser, body: CalendarEventBody, groups: number[]): Promise<void> {
  if (body.share_type === ShareType.GROUP_TAG) {
    if (body.group_id === null || !groups.includes(body.group_id)) throw forbidden();
    return;
  }
  const ids = [...new Set(body.user_ids)].filter((id) => id !== user.id);
  if (ids.length === 0) return;
  if (groups.length === 0) throw forbidden();
  const rows = await ctx.db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .distinct()
    .where('m.group_id', 'in', groups)
    .where('m.user_id', 'in', ids)
    .where('u.status', '=', 'active')
    .execute();
  if (rows.length !== ids.length) throw forbidden();
}

/** Equipment newly put on an event must belong to one of the caller's groups (403 otherwise). */
export async function checkEquipment(ctx: AppContext, ids: number[], groups: number[], already: number[] = []): Promise<void> {
  const fresh = [...new Set(ids)].filter((id) => !already.includes(id));
  if (fresh.length === 0) return;
  if (groups.length === 0) throw forbidden();
  const rows = await ctx.db.selectFrom('group_equipments').select('id').where('id', 'in', fresh).where('group_id', 'in', groups).execute();
  if (rows.length !== fresh.length) throw forbidden();
}
