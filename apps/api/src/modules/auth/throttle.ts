import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';

/**
 * Login throttling. The spec locks an account at its 10th consecutive failure; with guessable
 * employee numbers anyone could lock everyone. So every attempt first claims a slot on the login
 * id it names from this address and on the login id from anywhere, and each claim moves the key's
 * next free time further out once the free attempts are spent. An attempt that finds a key still
 * waiting is refused (429) without looking at the password: it neither counts toward the lock nor
 * reveals anything, and it answers the same for unknown and existing accounts.
 *
 * - `account` (login id + address): guessing one password from one place waits at once.
 * - `accountAnywhere` (login id from any address): a guess spread over many addresses waits too,
 *   a little later, so the owner's own attempts from the office are not the first to wait.
 * - `ip` (failures of any login id from one address): a ceiling against spraying many accounts.
 *   A whole office often reaches the portal through one proxy or NAT address, so it allows a
 *   morning's typing mistakes of a few hundred people and forgets them after a quiet spell.
 *
 * A login id's claims are pessimistic (an attempt counts until it succeeds), so a burst of
 * parallel requests gets the free ones and no more. Success clears the login id's keys; the
 * address's key only decays, or one valid account would keep an attacker's address fresh.
 */
interface Rule {
  free: number;
  baseMs: number;
  maxMs: number;
  /** Quiet time after which the key starts over. */
  decayMs: number;
}

const HOUR = 3_600_000;
export const THROTTLE = {
  account: { free: 3, baseMs: 5_000, maxMs: HOUR, decayMs: 24 * HOUR },
  accountAnywhere: { free: 6, baseMs: 5_000, maxMs: HOUR, decayMs: 24 * HOUR },
  ip: { free: 100, baseMs: 1_000, maxMs: 15 * 60_000, decayMs: 10 * 60_000 },
} satisfies Record<string, Rule>;

/** The wait after the n-th counted attempt of a key. */
export function delayAfter(rule: Rule, n: number): number {
  if (n < rule.free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (n - rule.free));
}

const loginKey = (loginId: string) => loginId.trim().toLowerCase();
export const accountKey = (loginId: string) => `account:${loginKey(loginId)}`;
/** The address first, so all the keys of one login id end alike (clearThrottlesOf). */
export const accountAddressKey = (loginId: string, ip: string) => `account@${ip}:${loginKey(loginId)}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function throttled(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(429, 'API_RATE_EXCEEDED', 'Too many failed logins; try again later.', undefined, { retry_after: seconds });
}

/**
 * Counts one attempt on `key`, refusing (429 with the wait) while the key waits. With `claim` the
 * check and the count are one compare-and-set, so parallel attempts cannot all slip through.
 */
async function count(ctx: AppContext, key: string, rule: Rule, opts: { refuseWhileWaiting: boolean }): Promise<number> {
  for (let tries = 0; tries < 5; tries++) {
    const now = ctx.now();
    const row = await ctx.db.selectFrom('login_throttles').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) {
      const inserted = await ctx.db
        .insertInto('login_throttles')
        .values({ key, failures: 1, blocked_until: now + delayAfter(rule, 1), first_failure_at: now, last_failure_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 1;
      continue;
    }
    const fresh = now - Number(row.last_failure_at) > rule.decayMs;
    if (opts.refuseWhileWaiting && !fresh && Number(row.blocked_until) > now) throw throttled(Number(row.blocked_until) - now);
    const n = fresh ? 1 : row.failures + 1;
    const updated = await ctx.db
      .updateTable('login_throttles')
      .set({ failures: n, blocked_until: now + delayAfter(rule, n), last_failure_at: now, ...(fresh ? { first_failure_at: now } : {}) })
      .where('key', '=', key)
      .where('failures', '=', row.failures)
      .where('last_failure_at', '=', row.last_failure_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return n;
  }
  // Lost the race five times: someone else is hammering this key right now.
  throw throttled(1000);
}

async function refuseIfWaiting(ctx: AppContext, key: string, rule: Rule): Promise<void> {
  const row = await ctx.db
    .selectFrom('login_throttles')
    .select(['blocked_until', 'last_failure_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  const now = ctx.now();
  if (row && now - Number(row.last_failure_at) <= rule.decayMs && Number(row.blocked_until) > now)
    throw throttled(Number(row.blocked_until) - now);
}

/**
 * Before any password work. The IP must not be waiting (its failures are counted after the fact,
 * so an office's parallel logins never queue behind each other); the login id claims its attempt
 * up front (pessimistically, so a parallel burst at one account gets the free attempts only).
 * Returns the login id's count.
 */
export async function claimLoginAttempt(ctx: AppContext, ip: string, loginId: string): Promise<number> {
  await refuseIfWaiting(ctx, ipKey(ip), THROTTLE.ip);
  const here = await count(ctx, accountAddressKey(loginId, ip), THROTTLE.account, { refuseWhileWaiting: true });
  const anywhere = await count(ctx, accountKey(loginId), THROTTLE.accountAnywhere, { refuseWhileWaiting: true });
  return Math.max(here, anywhere);
}

/** A failed attempt (wrong password, unknown id, locked account) counts against its IP. */
export async function countIpFailure(ctx: AppContext, ip: string): Promise<void> {
  await count(ctx, ipKey(ip), THROTTLE.ip, { refuseWhileWaiting: false });
}

/** A successful login frees its login id here and anywhere; the address's failures only decay. */
export async function settleSuccess(ctx: AppContext, loginId: string, ip: string): Promise<void> {
  await ctx.db
    .deleteFrom('login_throttles')
    .where('key', 'in', [accountKey(loginId), accountAddressKey(loginId, ip)])
    .execute();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A password reset or an administrator's unlock forgets the waits on the account's ids, from every address. */
export async function clearThrottlesOf(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .deleteFrom('login_throttles')
    .where((eb) =>
      eb.or([
        eb('key', 'in', ids.map(accountKey)),
        ...ids.map((id) => sql<boolean>`${sql.ref('key')} like ${`account@%:${likeEscape(loginKey(id))}`} escape '\\'`),
      ]),
    )
    .execute();
}
