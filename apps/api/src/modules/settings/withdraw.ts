import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { verifyPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/tokens';

/**
 * The caller leaves the portal: status 'left' (their topics, comments and files stay, shown with
 * the "left" suffix), no group rights, no sessions, devices, LINE link or pending links. Refused
 * while they are the only active administrator of a group with other members, which would be
 * left without one. On PostgreSQL the caller's groups are locked in id order, so two
 * administrators of one group withdrawing at once cannot both pass the check.
 */
export async function withdraw(ctx: AppContext, userId: number, password: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['password_hash', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 'active') throw new HttpError(401, 'INVALID_USER');
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new HttpError(400, 'CURRENT_PASSWORD_INCORRECT', 'The password is incorrect.', { password: ['validation.current_password_incorrect'] });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const adminOf = trx
      .selectFrom('group_members as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .select(['g.id', 'g.name'])
      .where('m.user_id', '=', userId)
      .where('m.role_admin', '=', 1)
      .where('g.is_stopped', '=', 0)
      .orderBy('g.id');
    const groups = ctx.dialect === 'postgres' ? await adminOf.forUpdate('g').execute() : await adminOf.execute();
    const sole: { id: number; name: string }[] = [];
    for (const g of groups) {
      const others = await trx
        .selectFrom('group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.sum<number>('m.role_admin').as('admins')])
        .where('m.group_id', '=', g.id)
        .where('m.user_id', '!=', userId)
        .where('u.status', '=', 'active')
        .executeTakeFirstOrThrow();
      if (Number(others.admins ?? 0) === 0) sole.push(g);
    }
    if (sole.length > 0) {
      throw new HttpError(400, 'MUST_APPOINT_ADMIN', 'Appoint another administrator first.', undefined, { groups: sole });
    }
    const now = ctx.now();
    await trx.updateTable('users').set({ status: 'left', updated_at: now }).where('id', '=', userId).execute();
    await trx
      .updateTable('group_members')
      .set({ role_admin: 0, role_invite: 0, role_edit_shared_folder: 0, role_edit_topic: 0 })
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('device_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('line_accounts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('verify_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  });
  await revokeUserSessions(ctx, userId);
}
