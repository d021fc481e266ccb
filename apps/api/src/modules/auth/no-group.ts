import { endpoints, type Endpoint } from '@portal/api-client';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';

/**
 * Whether the user behind `userRef` is a member of a group that is not stopped. Read in the
 * session lookup's own statement, so the check costs no extra round trip per request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hasActiveGroup(eb: ExpressionBuilder<any, any>, userRef: string) {
  const db = eb as unknown as ExpressionBuilder<DB, 'group_members'>;
  return db.exists(
    db
      .selectFrom('group_members as ng_m')
      .innerJoin('groups as ng_g', 'ng_g.id', 'ng_m.group_id')
      .select('ng_m.user_id')
      .whereRef('ng_m.user_id', '=', userRef as 'ng_m.user_id')
      .where('ng_g.is_stopped', '=', 0),
  );
}

/**
 * What a signed-in employee who lost their last group may still do (spec section 8: every
 * other call answers 401 USER_NOT_BE_LONG_TO_GROUP and the shell shows employee-without-group):
 * know who they are, keep their language, withdraw, and log out.
 */
const NO_GROUP_ALLOWED: ReadonlySet<Endpoint> = new Set<Endpoint>([
  endpoints.me,
  endpoints.settings,
  endpoints.updateLanguage,
  endpoints.logout,
  endpoints.updateDeviceToken,
  endpoints.resetNotification,
  endpoints.deleteDeviceToken,
  endpoints.withdraw,
]);

export const noGroupError = () => new HttpError(401, 'USER_NOT_BE_LONG_TO_GROUP', 'The employee does not belong to any group.');

export function refuseNoGroup(ctx: AppContext, endpoint: Endpoint, user: AuthUser): void {
  if (user.noGroup && ctx.config.refuseWithoutGroup && !NO_GROUP_ALLOWED.has(endpoint)) throw noGroupError();
}
