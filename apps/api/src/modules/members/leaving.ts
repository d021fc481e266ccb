import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import type { DialectName } from '../../db/dialect';

/**
 * The groups an employee is the only active administrator of (spec section 6: "the only
 * administrator cannot withdraw; must first appoint another"), with how many other active members
 * each has (retirement skips a group nobody else is in: there is no one to appoint). Used by
 * withdrawal and by retirement. On PostgreSQL the groups are locked in id order, so two
 * administrators of one group leaving at once cannot both pass the check.
 */
export async function groupsNeedingSuccessor(
  trx: Kysely<DB>,
  dialect: DialectName,
  userId: number,
): Promise<{ id: number; name: string; otherMembers: number }[]> {
  let adminOf = trx
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name'])
    .where('m.user_id', '=', userId)
    .where('m.role_admin', '=', 1)
    .where('g.is_stopped', '=', 0)
    .orderBy('g.id');
  if (dialect === 'postgres') adminOf = adminOf.forUpdate('g');
  const need: { id: number; name: string; otherMembers: number }[] = [];
  for (const g of await adminOf.execute()) {
    const others = await trx
      .selectFrom('group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.sum<number>('m.role_admin').as('admins')])
      .where('m.group_id', '=', g.id)
      .where('m.user_id', '!=', userId)
      .where('u.status', '=', 'active')
      .executeTakeFirstOrThrow();
    if (Number(others.admins ?? 0) === 0) need.push({ ...g, otherMembers: Number(others.members) });
  }
  return need;
}

/**
 * Everything that lets someone who has left act: group rights, devices, sessions, the LINE link
 * and unused reset / verify links. Called in the transaction that sets status 'left'; the caller
 * then revokes live sessions (revokeUserSessions), which closes their sockets.
 */
export async function removeAccess(trx: Kysely<DB>, userId: number): Promise<void> {
  await trx
    .updateTable('group_members')
    .set({ role_admin: 0, role_invite: 0, role_edit_shared_folder: 0, role_edit_topic: 0 })
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('device_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await trx.deleteFrom('line_accounts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('verify_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
