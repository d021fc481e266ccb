import { endpoints } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { clearThrottlesOf } from './throttle';
import { writeTransaction } from '../../db/write';
import { userLabel, writeAudit } from '../../kernel';

/**
 * POST company/users/:userId/unlock: a company administrator lifts a lockout (the
 * screen belongs to the administration issue). Only a user of the caller's own company; anyone
 * else is not found. The failure count and the login-id waits go with the lock; the password
 * stays, so the owner logs in as before.
 */
export async function unlockRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.unlockUser, async ({ ctx, user, params, request }) => {
    if (!user.isCompanyAdmin) throw new HttpError(403, 'UNAUTHORIZED_ACTION');
    const target = await ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'employee_number', 'locked_at'])
      .where('id', '=', params.userId)
      .where('company_id', '=', user.companyId)
      .executeTakeFirst();
    if (!target) throw new HttpError(404, 'USER_NOT_FOUND', 'The user does not exist.');
    await writeTransaction(ctx, async (trx) => {
      await trx
        .updateTable('users')
        .set({ locked_at: null, failed_login_count: 0, updated_at: ctx.now() })
        .where('id', '=', target.id)
        .execute();
      await writeAudit(ctx, trx, {
        companyId: user.companyId,
        actorId: user.id,
        action: 'auth.unlocked',
        targetType: 'user',
        targetId: target.id,
        targetLabel: await userLabel(trx, target.id),
        detail: target.locked_at !== null ? 'was_locked' : '',
        ip: request.ip,
      });
    });
    await clearThrottlesOf(ctx, [target.email, target.employee_number]);
    return { items: { user_id: target.id, was_locked: target.locked_at !== null } };
  });
}
