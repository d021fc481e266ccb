import type { SubEmailsBody, VerifyApplyBody } from '@portal/api-client';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import type { VerifyPurpose } from '../../db/types-settings';
import { HttpError } from '../../http/errors';
import { hashPassword, hashToken, newToken } from '../auth';
import { getSettings } from '../members';
import { emailChangeMail } from './mails';
import { upsertProfile } from './profile';

const HOUR = 3600_000;
/** How long a mailed /verify link works. */
export const VERIFY_TTL_HOURS = { email_change: 24, register: 72 } as const;

const expired = () => new HttpError(400, 'RESET_LINK_EXPIRED', 'This link has expired or was already used.');
const invalid = () => new HttpError(400, 'INVALID_LINK', 'This link is not valid.');
const fieldError = (field: string, key: string, code: 'VALIDATION_ERROR' | 'DUPLICATE_EMAIL' = 'VALIDATION_ERROR') =>
  new HttpError(400, code, 'The given data was invalid.', { [field]: [key] });

export function verifyLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/verify?token=${encodeURIComponent(token)}`;
}

/** Stores a one-use link for `userId`, replacing any unused one of the same purpose. */
export async function issueVerifyToken(
  ctx: AppContext | { db: Transaction<DB> | AppContext['db']; now: AppContext['now'] },
  userId: number,
  purpose: VerifyPurpose,
  extra: { new_email?: string; group_id?: number; register_type?: number } = {},
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = now + VERIFY_TTL_HOURS[purpose] * HOUR;
  await ctx.db
    .deleteFrom('verify_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('verify_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      new_email: extra.new_email ?? null,
      group_id: extra.group_id ?? null,
      register_type: extra.register_type ?? null,
      expires_at: expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
  return { token, expiresAt };
}

async function emailTaken(db: AppContext['db'] | Transaction<DB>, email: string, exceptUserId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', exceptUserId).executeTakeFirst();
  return Boolean(row);
}

/** change-email: checks the new address and mails it a link; nothing changes until the link is used. */
export async function requestEmailChange(ctx: AppContext, userId: number, email: string) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'last_name', 'first_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (email === user.email) throw fieldError('email', 'validation.email_same_as_current');
  if (await emailTaken(ctx.db, email, userId)) throw fieldError('email', 'validation.duplicate_email', 'DUPLICATE_EMAIL');
  const { token, expiresAt } = await issueVerifyToken(ctx, userId, 'email_change', { new_email: email });
  const lang = (await getSettings(ctx, userId)).setting_language.code;
  const name = `${user.last_name} ${user.first_name}`.trim() || 'User';
  await ctx.mailer.send(emailChangeMail(lang, email, { name, link: verifyLink(ctx, token), ttlHours: VERIFY_TTL_HOURS.email_change }));
  return { pending_email: email, expires_at: expiresAt };
}

export async function updateSubEmails(ctx: AppContext, userId: number, body: SubEmailsBody): Promise<void> {
  await upsertProfile(ctx.db, userId, { second_email: body.second_email, third_email: body.third_email, updated_at: ctx.now() });
}

async function usableToken(db: AppContext['db'] | Transaction<DB>, token: string, now: number, lock: boolean) {
  let q = db
    .selectFrom('verify_tokens as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.user_id', 'v.purpose', 'v.new_email', 'v.expires_at', 'v.used_at', 'u.email', 'u.status'])
    .where('v.token_hash', '=', hashToken(token));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw invalid();
  if (row.used_at !== null || row.expires_at <= now || row.status !== 'active') throw expired();
  return row;
}

export async function checkVerifyToken(ctx: AppContext, token: string) {
  const row = await usableToken(ctx.db, token, ctx.now(), false);
  return { purpose: row.purpose, email: row.purpose === 'email_change' ? (row.new_email ?? '') : row.email };
}

/**
 * Applies a link once: the token is claimed with a conditional UPDATE inside the transaction, so
 * two clicks at once cannot both apply it (the second sees it used).
 */
export async function applyVerifyToken(ctx: AppContext, body: VerifyApplyBody) {
  const now = ctx.now();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await usableToken(trx, body.token, now, ctx.dialect === 'postgres');
    const claimed = await trx
      .updateTable('verify_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw expired();
    if (row.purpose === 'email_change') {
      const email = row.new_email!;
      if (await emailTaken(trx, email, row.user_id)) throw fieldError('email', 'validation.duplicate_email', 'DUPLICATE_EMAIL');
      await trx.updateTable('users').set({ email, updated_at: now }).where('id', '=', row.user_id).execute();
      return { purpose: row.purpose, email };
    }
    if (!passwordHash) throw fieldError('password', 'validation.required');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_reset_password: 0, failed_login_count: 0, locked_at: null, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    return { purpose: row.purpose, email: row.email };
  });
}
