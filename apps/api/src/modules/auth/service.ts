import { LANGUAGES, LIMITS, type LanguageCode, type LoginBody } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { passwordResetMail } from '../../mail/templates';
import { accountLockedMail } from './lock-mail';
import { claimLoginAttempt, clearThrottlesOf, countIpFailure, settleSuccess } from './throttle';
import { burnVerify, hashPassword, passwordWork, verifyPassword } from './password';
import { canAuthenticate, isLocked, lockoutReached, RESET_LINK } from './policy';
import * as q from './queries';
import { noGroupError } from './no-group';
import { writeTransaction } from '../../db/write';
import { announceRevoked, hashToken, issueSession, newToken, revokeUserSessions, type IssuedSession } from './tokens';
import { writeAudit } from '../../kernel';

function lockedError(): HttpError {
  return new HttpError(423, 'ACCOUNT_LOCKED', 'The account is locked after too many failed logins.', undefined, {
    reset_link: RESET_LINK,
  });
}

async function createResetToken(ctx: AppContext, userId: number): Promise<string> {
  const token = newToken();
  await q.insertPasswordReset(ctx, userId, hashToken(token), ctx.now() + LIMITS.passwordResetTtlSeconds * 1000);
  return token;
}

/**
 * Login by employee number or e-mail. Unknown users, left users and wrong passwords all answer
 * the same code after the same amount of hashing work, so the endpoint does not reveal who exists.
 * Every attempt first passes the IP and login-id throttle (throttle.ts); an unknown login id is
 * throttled, and after its tenth counted attempt "locked", exactly like an existing account.
 */
export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<IssuedSession> {
  const byEmail = 'email' in body;
  const loginId = byEmail ? body.email : body.employee_number;
  // Shed before the attempt is claimed: a login refused for load must not count against anyone.
  passwordWork.admit();
  const attempts = await claimLoginAttempt(ctx, ip, loginId);
  try {
    return await checkCredentials(ctx, body, attempts, ip);
  } catch (err) {
    // A refused login counts against the address; MUST_RESET_PASSWORD (403) and the no-group
    // refusal came after the right password, and a shed one (503) was never tried.
    if (err instanceof HttpError && err.statusCode !== 403 && err.statusCode < 500 && err.code !== 'USER_NOT_BE_LONG_TO_GROUP')
      await countIpFailure(ctx, ip);
    throw err;
  }
}

async function checkCredentials(ctx: AppContext, body: LoginBody, attempts: number, ip: string): Promise<IssuedSession> {
  const byEmail = 'email' in body;
  const mismatch = byEmail
    ? new HttpError(401, 'EMAIL_PASSWORD_MISMATCH', 'The e-mail address or password is incorrect.')
    : new HttpError(401, 'EMPLOYEE_PASSWORD_MISMATCH', 'The employee number or password is incorrect.');
  const user = byEmail ? await q.findUserByEmail(ctx, body.email) : await q.findUserByEmployeeNumber(ctx, body.employee_number);

  if (!user || !canAuthenticate(user)) {
    await burnVerify(body.password, { mayShed: false });
    throw lockoutReached(attempts) ? lockedError() : mismatch;
  }
  const ok = await verifyPassword(user.password_hash, body.password, { mayShed: false });
  // A locked account stays locked even for the right password, until a reset clears it.
  if (isLocked(user)) throw lockedError();
  const audit = { companyId: user.company_id, actorId: user.id, targetType: 'user' as const, targetId: user.id, ip };
  if (!ok) {
    // The failure, the lock it may cause and their audit entries commit together.
    const locked = await writeTransaction(ctx, async (trx) => {
      const failures = await q.recordLoginFailure(ctx, user.id, trx);
      await writeAudit(ctx, trx, { ...audit, action: 'auth.login_failed', detail: `failures: ${failures}` });
      if (!lockoutReached(failures)) return null;
      const first = await q.lockUser(ctx, user.id, trx);
      if (first) await writeAudit(ctx, trx, { ...audit, action: 'auth.locked', detail: 'failed_logins' });
      return first;
    });
    if (locked === null) throw mismatch;
    if (locked) await mailLockedOwner(ctx, user).catch(() => undefined);
    throw lockedError();
  }
  // Spec section 6, asked only once the password proved who this is: a wrong password must not
  // learn that the account exists and sits in no group.
  const noGroup = await q.isWithoutGroup(ctx, user);
  await writeTransaction(ctx, async (trx) => {
    await q.recordLoginSuccess(ctx, user.id, trx);
    await writeAudit(ctx, trx, { ...audit, action: noGroup ? 'auth.login_no_group' : 'auth.login' });
  });
  await settleSuccess(ctx, byEmail ? body.email : body.employee_number, ip);
  if (noGroup) throw noGroupError();
  if (user.must_reset_password === 1) {
    const resetToken = await createResetToken(ctx, user.id);
    throw new HttpError(403, 'MUST_RESET_PASSWORD', 'The password must be reset before logging in.', undefined, {
      reset_token: resetToken,
    });
  }
  return issueSession(ctx, user.id);
}

/** The lock tells its owner at once, with the way out (spec: locked … with reset link). */
async function mailLockedOwner(ctx: AppContext, user: NonNullable<q.LoginUser>): Promise<void> {
  const token = await createResetToken(ctx, user.id);
  const language = pickLanguage(await q.storedLanguage(ctx, user.id));
  const name = `${user.last_name} ${user.first_name}`.trim() || 'User';
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(
    accountLockedMail(language, user.email, { name, link, ttlMinutes: Math.round(LIMITS.passwordResetTtlSeconds / 60) }),
  );
}

function pickLanguage(...candidates: (string | undefined)[]): LanguageCode {
  for (const c of candidates) if ((LANGUAGES as readonly string[]).includes(c ?? '')) return c as LanguageCode;
  return 'ja';
}

export async function forgotPassword(ctx: AppContext, email: string, lang?: LanguageCode): Promise<void> {
  const user = await q.findUserByEmail(ctx, email);
  if (!user || !canAuthenticate(user)) {
    throw new HttpError(404, 'EMAIL_NOT_REGISTERED', 'This e-mail address is not registered.');
  }
  const token = await createResetToken(ctx, user.id);
  const language = pickLanguage(lang, await q.storedLanguage(ctx, user.id));
  const name = `${user.last_name} ${user.first_name}`.trim() || 'User';
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(
    passwordResetMail(language, user.email, { name, link, ttlMinutes: Math.round(LIMITS.passwordResetTtlSeconds / 60) }),
  );
}

type ResetState = { state: 'valid'; id: number; userId: number } | { state: 'expired' } | { state: 'invalid' };

async function resetState(ctx: AppContext, token: string): Promise<ResetState> {
  const row = await q.findPasswordReset(ctx, hashToken(token));
  if (!row || row.used_at !== null) return { state: 'invalid' };
  if (row.expires_at <= ctx.now()) return { state: 'expired' };
  return { state: 'valid', id: row.id, userId: row.user_id };
}

export async function checkResetToken(ctx: AppContext, token: string): Promise<{ expired: boolean; valid: boolean }> {
  const s = await resetState(ctx, token);
  return { expired: s.state === 'expired', valid: s.state === 'valid' };
}

/**
 * Sets a new password from a reset link. Success unlocks the account, clears the must-reset flag
 * and ends every existing session. The link is consumed with a conditional update, so two
 * parallel submissions cannot both use it.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const s = await resetState(ctx, token);
  if (s.state === 'expired') throw new HttpError(400, 'RESET_LINK_EXPIRED', 'The reset link has expired.');
  if (s.state === 'invalid') throw new HttpError(400, 'INVALID_LINK', 'The link is invalid.');
  const user = await q.findUserById(ctx, s.userId);
  if (!user || !canAuthenticate(user)) throw new HttpError(400, 'INVALID_LINK', 'The link is invalid.');
  if (await verifyPassword(user.password_hash, password)) {
    throw new HttpError(400, 'PASSWORD_SAME_AS_CURRENT', 'The new password must differ from the current one.', {
      password: ['validation.password_same_as_current'],
    });
  }
  const hash = await hashPassword(password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', s.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new HttpError(400, 'INVALID_LINK', 'The link is invalid.');
    // Other outstanding links for this user die with this one.
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_reset_password: 0, failed_login_count: 0, locked_at: null, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
    await writeAudit(ctx, trx, {
      companyId: user.company_id,
      actorId: user.id,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: user.id,
    });
  });
  // The owner proved who they are: the waits piled up on their login ids go too.
  await clearThrottlesOf(ctx, [user.email, user.employee_number]);
  await announceRevoked(ctx, user.id, 'all');
}

/** Changes the caller's password; other logins of the user end, this one stays. */
export async function changePassword(ctx: AppContext, userId: number, sessionId: string, current: string, next: string): Promise<void> {
  const user = await q.findUserById(ctx, userId);
  if (!user || !(await verifyPassword(user.password_hash, current))) {
    throw new HttpError(400, 'CURRENT_PASSWORD_INCORRECT', 'The current password is incorrect.', {
      current_password: ['validation.current_password_incorrect'],
    });
  }
  const hash = await hashPassword(next);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: hash, must_reset_password: 0, updated_at: ctx.now() })
    .where('id', '=', userId)
    .execute();
  await revokeUserSessions(ctx, userId, sessionId);
}

export async function checkGroupUserLogin(ctx: AppContext, userId: number): Promise<number> {
  const n = await q.countActiveGroups(ctx, userId);
  if (n === 0) throw noGroupError();
  return n;
}
