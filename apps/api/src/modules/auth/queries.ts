import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';

const LOGIN_COLUMNS = [
  'id',
  'company_id',
  'email',
  'employee_number',
  'password_hash',
  'last_name',
  'first_name',
  'status',
  'failed_login_count',
  'locked_at',
  'must_reset_password',
  'is_company_admin',
  'pending_approval',
] as const;

export type LoginUser = Awaited<ReturnType<typeof findUserByEmail>>;

/** E-mails are stored lower-cased, so lookups compare lower-case too. */
export function findUserByEmail(ctx: AppContext, email: string) {
  return ctx.db.selectFrom('users').select(LOGIN_COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByEmployeeNumber(ctx: AppContext, employeeNumber: string) {
  return ctx.db.selectFrom('users').select(LOGIN_COLUMNS).where('employee_number', '=', employeeNumber).executeTakeFirst();
}

export function findUserById(ctx: AppContext, id: number) {
  return ctx.db.selectFrom('users').select(LOGIN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Counts one failure atomically (two parallel guesses both count) and returns the new total. */
export async function recordLoginFailure(ctx: AppContext, userId: number, db: Kysely<DB> = ctx.db): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1), updated_at: ctx.now() }))
    .where('id', '=', userId)
    .returning('failed_login_count')
    .executeTakeFirstOrThrow();
  return row.failed_login_count;
}

/** True for the call that locked it (so the owner is mailed once). */
export async function lockUser(ctx: AppContext, userId: number, db: Kysely<DB> = ctx.db): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ locked_at: ctx.now(), updated_at: ctx.now() })
    .where('id', '=', userId)
    .where('locked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recordLoginSuccess(ctx: AppContext, userId: number, db: Kysely<DB> = ctx.db): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_login_count: 0, last_login_at: ctx.now(), updated_at: ctx.now() })
    .where('id', '=', userId)
    .execute();
}

export async function insertPasswordReset(ctx: AppContext, userId: number, tokenHash: string, expiresAt: number) {
  await ctx.db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: ctx.now() })
    .execute();
}

export function findPasswordReset(ctx: AppContext, tokenHash: string) {
  return ctx.db
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The user's stored UI language, or undefined when never set. */
export async function storedLanguage(ctx: AppContext, userId: number): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('user_settings')
    .select('value')
    .where('user_id', '=', userId)
    .where('section', '=', 'setting_language')
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    const code = (JSON.parse(row.value) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The login refusal of spec section 6, with the same exemptions as every later request (tokens.ts). */
export async function isWithoutGroup(
  ctx: AppContext,
  user: { id: number; is_company_admin: number; pending_approval: number },
): Promise<boolean> {
  if (!ctx.config.refuseWithoutGroup || user.is_company_admin === 1 || user.pending_approval === 1) return false;
  return (await countActiveGroups(ctx, user.id)) === 0;
}

export async function countActiveGroups(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.user_id', '=', userId)
    .where('g.is_stopped', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Registers (or re-assigns) a browser's push token to this user. */
export async function upsertDeviceToken(ctx: AppContext, userId: number, token: string): Promise<void> {
  await ctx.db
    .insertInto('device_tokens')
    .values({ user_id: userId, token, unread_counter: 0, updated_at: ctx.now() })
    .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: userId, updated_at: ctx.now() }))
    .execute();
}

export async function resetDeviceCounter(ctx: AppContext, token: string, userId?: number): Promise<void> {
  let q = ctx.db.updateTable('device_tokens').set({ unread_counter: 0, updated_at: ctx.now() }).where('token', '=', token);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  await q.execute();
}

export async function deleteDeviceToken(ctx: AppContext, token: string, userId: number): Promise<void> {
  await ctx.db.deleteFrom('device_tokens').where('token', '=', token).where('user_id', '=', userId).execute();
}
