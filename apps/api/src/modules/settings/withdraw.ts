import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { revokeUserSessions, verifyPassword } from '../auth';
import { groupsNeedingSuccessor, removeAccess } from '../members';

/**
 * The caller leaves the portal: status 'left' (their topics, comments and files stay, shown with
 * the "left" suffix), no group rights, no sessions, devices, LINE link or pending links. Refused
 * while they are the only active administrator of a group (groupsNeedingSuccessor).
 */
export async function withdraw(ctx: AppContext, userId: number, password: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['password_hash', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 'active') throw new HttpError(401, 'INVALID_USER');
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new HttpError(400, 'CURRENT_PASSWORD_INCORRECT', 'The password is incorrect.', {
      password: ['validation.current_password_incorrect'],
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const sole = (await groupsNeedingSuccessor(trx, ctx.dialect, userId)).map(({ id, name }) => ({ id, name }));
    if (sole.length > 0) {
      throw new HttpError(400, 'MUST_APPOINT_ADMIN', 'Appoint another administrator first.', undefined, { groups: sole });
    }
    const now = ctx.now();
    await trx.updateTable('users').set({ status: 'left', updated_at: now }).where('id', '=', userId).execute();
    await removeAccess(trx, userId);
  });
  await revokeUserSessions(ctx, userId);
}
