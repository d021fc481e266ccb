import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';

/**
 * The group's own ids in a request (invitations, join requests, equipment, folders), each looked
 * up inside the group or user already authorised (kernel authorizeGroup), never on its own.
 */

const notFound = () => new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');

export async function requireInvitation(ctx: AppContext, groupId: number, inviteId: number) {
  const row = await ctx.db
    .selectFrom('group_invitations')
    .selectAll()
    .where('id', '=', inviteId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'The invitation does not exist.');
  return row;
}

export async function requireJoinRequest(ctx: AppContext, groupId: number, requestId: number) {
  const row = await ctx.db
    .selectFrom('group_join_requests')
    .selectAll()
    .where('id', '=', requestId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'The join request does not exist.');
  return row;
}

export async function requireEquipment(ctx: AppContext, groupId: number, equipmentId: number) {
  const row = await ctx.db
    .selectFrom('group_equipments')
    .selectAll()
    .where('id', '=', equipmentId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'The equipment does not exist.');
  return row;
}

/** A group folder is private to its owner; someone else's folder id is simply not found. */
export async function requireOwnFolder(ctx: AppContext, userId: number, folderId: number) {
  const row = await ctx.db
    .selectFrom('user_group_folders')
    .selectAll()
    .where('id', '=', folderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'The folder does not exist.');
  return row;
}

/** Ids of groups the user belongs to, among the given ones (for folder and order calls). */
export async function requireOwnGroups(ctx: AppContext, userId: number, groupIds: number[]): Promise<void> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return;
  const rows = await ctx.db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .where('group_id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw notFound();
}
