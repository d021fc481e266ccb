import type { Clock } from '../config';
import { createUserCache, type UserCache } from '../db/user-cache';
import type { ServerBus } from './bus';

/** The columns of an access token's row (and its user's) that decide whether it is valid. */
export interface AccessTokenRow {
  user_id: number;
  family: string;
  expires_at: number;
  company_id: number | null;
  status: string | null;
  is_company_admin: number | null;
  common_topic_role: number | null;
  pending_approval: number | null;
  /** Whether the user is a member of a group that is not stopped (SQLite 0/1, PostgreSQL boolean). */
  has_group: number | boolean | null;
}

/** Event that closes the realtime sockets of ended logins (every API process holds some). */
export const SESSION_REVOKED_EVENT = 'session.revoked';
/** Event that makes every process forget a user's cached sessions (session-cache.ts; the sockets ignore it). */
export const SESSION_CHANGED_EVENT = 'session.changed';

/**
 * Every authenticated request looked its access token up: on the load test's page views (five to
 * eleven calls at once) that is one statement per call for the same answer, and on
 * PostgreSQL one round trip of the three or four a call makes. This keeps a looked-up row for
 * `SESSION_CACHE_MS` (default 2 s), keyed by the token's sha256 as in the database.
 *
 * What it may not do is keep a login alive after it ended, or keep rights after they changed.
 * Whatever ends a login or changes the columns the row carries (status, company admin, common
 * topic right, pending approval) calls `announceRevoked` or `sessionsChanged` (tokens.ts), which
 * drop the user's rows here at once and, through the bus, in every other API process (a Redis
 * message: milliseconds). The TTL bounds what a lost message or a write outside those paths (a
 * hand-written UPDATE) can leave; 0 turns the cache off. Expiry is still decided per request
 * from the row's `expires_at`, and unknown tokens are never kept.
 */
export type SessionCache = UserCache<AccessTokenRow>;

export function createSessionCache(ttlMs: number, now: Clock, bus?: ServerBus): SessionCache {
  return createUserCache<AccessTokenRow>({
    ttlMs,
    now,
    bus,
    userOf: (row) => row.user_id,
    dropOn: [SESSION_CHANGED_EVENT, SESSION_REVOKED_EVENT],
  });
}
