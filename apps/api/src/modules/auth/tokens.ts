import { hash, randomBytes } from 'node:crypto';
import { LIMITS } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { compiledQuery } from '../../db/compiled';
import { SESSION_CHANGED_EVENT, SESSION_REVOKED_EVENT, type AccessTokenRow } from '../../kernel';
import { hasActiveGroup } from './no-group';

/** Opaque random token; only its sha256 is stored, so a database leak yields no sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Every authenticated request hashes its token: the one-shot hash skips a Hash object's set-up. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export type VerifyResult =
  | {
      ok: true;
      userId: number;
      companyId: number;
      isCompanyAdmin: boolean;
      commonTopicRole: boolean;
      sessionId: string;
      pendingApproval: boolean;
      noGroup: boolean;
    }
  | { ok: false; code: 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'INVALID_USER' };

export interface IssuedSession {
  accessToken: string;
  /** Only ever set as the HttpOnly cookie, never in a body. */
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
  /** Seconds the refresh cookie may live: the idle window, capped by the absolute end. */
  refreshMaxAge: number;
}

/** A login ends this long after it began, however active (on top of the idle logout). */
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
/**
 * A rotated refresh token presented again this soon is a second tab that sent the old cookie
 * while the first one's rotation was in flight, not a thief: it gets an access token, nothing
 * more. Later, the same token is reuse and ends the login.
 */
export const ROTATION_GRACE_MS = 10_000;

async function insertToken(
  ctx: AppContext,
  userId: number,
  kind: 'access' | 'refresh',
  family: string,
  expiresAt: number,
  startedAt: number,
) {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      kind,
      family,
      expires_at: expiresAt,
      last_used_at: now,
      created_at: now,
      session_started_at: startedAt,
      retired_at: null,
    })
    .execute();
  return token;
}

/** New access and refresh tokens of a family; neither outlives the login's absolute end. */
async function issueTokens(ctx: AppContext, userId: number, family: string, startedAt: number): Promise<IssuedSession> {
  const now = ctx.now();
  const end = startedAt + SESSION_ABSOLUTE_MS;
  const refreshUntil = Math.min(now + LIMITS.idleLogoutSeconds * 1000, end);
  const accessToken = await insertToken(ctx, userId, 'access', family, Math.min(now + LIMITS.accessTokenTtlSeconds * 1000, end), startedAt);
  const refreshToken = await insertToken(ctx, userId, 'refresh', family, refreshUntil, startedAt);
  return {
    accessToken,
    refreshToken,
    expiresIn: LIMITS.accessTokenTtlSeconds,
    sessionId: family,
    refreshMaxAge: Math.max(1, Math.floor((refreshUntil - now) / 1000)),
  };
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
  return issueTokens(ctx, userId, family, ctx.now());
}

/** Every authenticated request runs this, so it is compiled once (db/compiled.ts). */
const lookupQuery = compiledQuery<{ hash: string; kind: 'access' | 'refresh' }>()((db, slot) =>
  db
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      't.family',
      't.expires_at',
      't.created_at',
      't.session_started_at',
      't.retired_at',
      'u.company_id',
      'u.status',
      'u.is_company_admin',
      'u.common_topic_role',
      'u.pending_approval',
    ])
    .select((eb) => hasActiveGroup(eb, 't.user_id').as('has_group'))
    .where('t.token_hash', '=', slot('hash'))
    .where('t.kind', '=', slot('kind')),
);

async function lookup(ctx: AppContext, token: string, kind: 'access' | 'refresh') {
  return (await lookupQuery(ctx.db, { hash: hashToken(token), kind }))[0];
}

/** Longer than any token this server issues: refused before it is hashed or looked up. */
export const tooLongForToken = (token: string) => token.length > 128;

/**
 * Checks a bearer access token. The realtime engineer authenticates WebSocket connections with
 * exactly this, so both paths give the same 401 codes.
 */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<VerifyResult> {
  if (tooLongForToken(token)) return { ok: false, code: 'INVALID_TOKEN' };
  const hash = hashToken(token);
  return accessTokenResult(
    ctx,
    await ctx.caches.sessions.lookup(hash, async () => (await lookupQuery(ctx.db, { hash, kind: 'access' }))[0]),
  );
}

/**
 * Whose access token this is, even an expired one, for choices that grant nothing (which build
 * of a remote a page is given): a reload after the token lapsed keeps the same canary
 * assignment. Null for an unknown token or an inactive user.
 */
export async function accessTokenOwner(ctx: AppContext, token: string): Promise<number | null> {
  if (tooLongForToken(token)) return null;
  const hash = hashToken(token);
  const row = await ctx.caches.sessions.lookup(hash, async () => (await lookupQuery(ctx.db, { hash, kind: 'access' }))[0]);
  if (!row || row.company_id === null || row.status !== 'active') return null;
  return row.user_id;
}

/** The verdict on a looked-up access token row (also read together with a group's, groups/access-prefetch.ts). */
export function accessTokenResult(ctx: AppContext, row: AccessTokenRow | undefined): VerifyResult {
  if (!row) return { ok: false, code: 'INVALID_TOKEN' };
  if (row.company_id === null || row.status !== 'active') return { ok: false, code: 'INVALID_USER' };
  if (row.expires_at <= ctx.now()) return { ok: false, code: 'TOKEN_EXPIRED' };
  return {
    ok: true,
    userId: row.user_id,
    companyId: row.company_id,
    isCompanyAdmin: row.is_company_admin === 1,
    commonTopicRole: row.common_topic_role === 1,
    sessionId: row.family,
    pendingApproval: row.pending_approval === 1,
    noGroup: withoutGroup(row),
  };
}

/**
 * Spec section 6: an employee in no group cannot use the portal. A pending account has no group
 * yet by design (it has its own refusal), and a company administrator runs the company whether
 * or not they sit in a group (the first administrator of a new company sits in none).
 */
export function withoutGroup(row: Pick<AccessTokenRow, 'has_group' | 'pending_approval' | 'is_company_admin'>): boolean {
  return !row.has_group && row.pending_approval !== 1 && row.is_company_admin !== 1;
}

type RefreshResult =
  | { ok: true; session: IssuedSession; rotated: boolean; userId: number }
  | { ok: false; code: 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'INVALID_USER' };

/**
 * Trades a refresh token for a new access token AND a new refresh token (rotation): the old one
 * is retired, and presenting a retired one again (after a few seconds' grace for a second tab)
 * revokes the whole login, since only a copy could still hold it. A login dies after
 * LIMITS.idleLogoutSeconds without a refresh, and SESSION_ABSOLUTE_MS after it began.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<RefreshResult> {
  if (tooLongForToken(refreshToken)) return { ok: false, code: 'INVALID_TOKEN' };
  const row = await lookup(ctx, refreshToken, 'refresh');
  if (!row) return { ok: false, code: 'INVALID_TOKEN' };
  const now = ctx.now();
  const startedAt = Number(row.session_started_at ?? row.created_at);
  if (row.retired_at !== null) {
    if (now - Number(row.retired_at) > ROTATION_GRACE_MS) {
      await revokeSession(ctx, row.family, row.user_id);
      return { ok: false, code: 'INVALID_TOKEN' };
    }
  }
  if (row.company_id === null || row.status !== 'active') return { ok: false, code: 'INVALID_USER' };
  if (row.expires_at <= now || now >= startedAt + SESSION_ABSOLUTE_MS) {
    await revokeSession(ctx, row.family, row.user_id);
    return { ok: false, code: 'TOKEN_EXPIRED' };
  }
  if (row.retired_at !== null) {
    // The grace case: an access token only; the cookie jar already holds the newer refresh token.
    const accessToken = await insertToken(
      ctx,
      row.user_id,
      'access',
      row.family,
      Math.min(now + LIMITS.accessTokenTtlSeconds * 1000, startedAt + SESSION_ABSOLUTE_MS),
      startedAt,
    );
    return {
      ok: true,
      rotated: false,
      userId: row.user_id,
      session: { accessToken, refreshToken: '', expiresIn: LIMITS.accessTokenTtlSeconds, sessionId: row.family, refreshMaxAge: 0 },
    };
  }
  // Retire with a conditional update: of two refreshes racing with one token, one rotates.
  const retired = await ctx.db
    .updateTable('auth_tokens')
    .set({ retired_at: now, last_used_at: now })
    .where('id', '=', row.id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (Number(retired.numUpdatedRows) !== 1) return refreshSession(ctx, refreshToken);
  return { ok: true, rotated: true, userId: row.user_id, session: await issueTokens(ctx, row.user_id, row.family, startedAt) };
}

/**
 * A user's status or rights (the columns the token lookup reads) changed: every process forgets
 * the sessions it cached for them (session-cache.ts), this one before the call returns.
 */
export async function sessionsChanged(ctx: AppContext, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  ctx.caches.sessions.dropUsers(userIds);
  await ctx.bus.publish(userIds, { kind: SESSION_CHANGED_EVENT, payload: null }).catch(() => undefined);
}

/** Tells the realtime sockets of these logins (or of every login of the user) to close now. */
export async function announceRevoked(ctx: AppContext, userId: number, sessions: string[] | 'all', keep?: string): Promise<void> {
  // The token rows are gone; the session caches of other processes forget them on this event.
  ctx.caches.sessions.dropUsers([userId]);
  await ctx.bus.publish([userId], { kind: SESSION_REVOKED_EVENT, payload: { sessions, keep: keep ?? null } }).catch(() => undefined);
}

export async function revokeSession(ctx: AppContext, sessionId: string, userId?: number): Promise<void> {
  const owner =
    userId ?? (await ctx.db.selectFrom('auth_tokens').select('user_id').where('family', '=', sessionId).executeTakeFirst())?.user_id;
  await ctx.db.deleteFrom('auth_tokens').where('family', '=', sessionId).execute();
  if (owner !== undefined) await announceRevoked(ctx, owner, [sessionId]);
}

/** Ends every login of a user (password reset), or every other login (password change). */
export async function revokeUserSessions(ctx: AppContext, userId: number, keepSessionId?: string): Promise<void> {
  let q = ctx.db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('family', '!=', keepSessionId);
  await q.execute();
  await announceRevoked(ctx, userId, 'all', keepSessionId);
}
