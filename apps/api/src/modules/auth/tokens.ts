import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@portal/api-client';
import type { AppContext } from '../../context';

/** Opaque random token; only its sha256 is stored, so a database leak yields no sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type VerifyResult =
  | { ok: true; userId: number; companyId: number; isCompanyAdmin: boolean; sessionId: string }
  | { ok: false; code: 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'INVALID_USER' };

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
}

async function insertToken(ctx: AppContext, userId: number, kind: 'access' | 'refresh', family: string, ttlSeconds: number) {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      kind,
      family,
      expires_at: now + ttlSeconds * 1000,
      last_used_at: now,
      created_at: now,
    })
    .execute();
  return token;
}

/** A new login: one access token plus one refresh token, tied together by a family id. */
export async function issueSession(ctx: AppContext, userId: number): Promise<IssuedSession> {
  const family = newToken();
  // Old, long-dead rows of this user are pruned here rather than by a job.
  await ctx.db
    .deleteFrom('auth_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<', ctx.now() - LIMITS.idleLogoutSeconds * 1000)
    .execute();
  const accessToken = await insertToken(ctx, userId, 'access', family, LIMITS.accessTokenTtlSeconds);
  const refreshToken = await insertToken(ctx, userId, 'refresh', family, LIMITS.idleLogoutSeconds);
  return { accessToken, refreshToken, expiresIn: LIMITS.accessTokenTtlSeconds, sessionId: family };
}

async function lookup(ctx: AppContext, token: string, kind: 'access' | 'refresh') {
  return ctx.db
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.family', 't.expires_at', 'u.company_id', 'u.status', 'u.is_company_admin'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Checks a bearer access token. The realtime engineer authenticates WebSocket connections with
 * exactly this, so both paths give the same 401 codes.
 */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<VerifyResult> {
  if (token.length > 128) return { ok: false, code: 'INVALID_TOKEN' };
  const row = await lookup(ctx, token, 'access');
  if (!row) return { ok: false, code: 'INVALID_TOKEN' };
  if (row.company_id === null || row.status !== 'active') return { ok: false, code: 'INVALID_USER' };
  if (row.expires_at <= ctx.now()) return { ok: false, code: 'TOKEN_EXPIRED' };
  return {
    ok: true,
    userId: row.user_id,
    companyId: row.company_id,
    isCompanyAdmin: row.is_company_admin === 1,
    sessionId: row.family,
  };
}

/**
 * Trades a refresh token for a new access token and slides the refresh token's idle window:
 * a session dies after LIMITS.idleLogoutSeconds without a refresh.
 */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<{ ok: true; session: IssuedSession; userId: number } | { ok: false; code: 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'INVALID_USER' }> {
  if (refreshToken.length > 128) return { ok: false, code: 'INVALID_TOKEN' };
  const row = await lookup(ctx, refreshToken, 'refresh');
  if (!row) return { ok: false, code: 'INVALID_TOKEN' };
  if (row.company_id === null || row.status !== 'active') return { ok: false, code: 'INVALID_USER' };
  const now = ctx.now();
  if (row.expires_at <= now) {
    await revokeSession(ctx, row.family);
    return { ok: false, code: 'TOKEN_EXPIRED' };
  }
  await ctx.db
    .updateTable('auth_tokens')
    .set({ expires_at: now + LIMITS.idleLogoutSeconds * 1000, last_used_at: now })
    .where('id', '=', row.id)
    .execute();
  const accessToken = await insertToken(ctx, row.user_id, 'access', row.family, LIMITS.accessTokenTtlSeconds);
  return {
    ok: true,
    userId: row.user_id,
    session: { accessToken, refreshToken, expiresIn: LIMITS.accessTokenTtlSeconds, sessionId: row.family },
  };
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.deleteFrom('auth_tokens').where('family', '=', sessionId).execute();
}

/** Ends every login of a user (password reset), or every other login (password change). */
export async function revokeUserSessions(ctx: AppContext, userId: number, keepSessionId?: string): Promise<void> {
  let q = ctx.db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('family', '!=', keepSessionId);
  await q.execute();
}
