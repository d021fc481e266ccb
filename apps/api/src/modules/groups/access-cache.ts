import type { Clock } from '../../config';
import { listenPg, type PgListener } from '../../db/pg-listen';
import { GROUP_ACCESS_CHANNEL } from '../../db/migrations/0023_group_access_notify';
import type { FoundAccess } from './policy';

/**
 * Every call under /members/me/groups/:id first reads the group and the caller's membership
 * (policy.ts authorizeGroup). A page view makes three to five such calls at once, so on
 * PostgreSQL that was a round trip per call for the same row: a third of the statements of the
 * load test's group pages (issue 21). This keeps the answer per (user, group) for
 * `GROUP_ACCESS_CACHE_MS` (default 2 s).
 *
 * It may never keep rights after they changed. The database announces every change of a group
 * row or a membership (migration 0023: a trigger, so no write path can forget it) and each
 * process drops that group's entries when the message arrives, which PostgreSQL sends at commit.
 * While the LISTEN connection is down, nothing is served from here or kept (changes could pass
 * unheard), and everything is dropped; the TTL bounds the rest. A load that started before a
 * drop of its group is not kept. PostgreSQL only: SQLite is one process reading its own file in
 * microseconds, and has nobody to announce changes to.
 */
export interface GroupAccessCache {
  lookup(userId: number, companyId: number, groupId: number, load: () => Promise<FoundAccess | null>): Promise<FoundAccess | null>;
  /** How often a lookup was answered from here or loaded, and groups dropped (tests, bench). */
  stats(): { hits: number; loads: number; drops: number; listening: boolean };
  close(): Promise<void>;
}

const freeze = (found: FoundAccess | null) => {
  if (found) {
    Object.freeze(found.group);
    if (found.member) Object.freeze(found.member);
    Object.freeze(found);
  }
  return found;
};

/** Logins × groups open at once on a large node; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 50_000;

interface Entry {
  at: number;
  value: Promise<FoundAccess | null>;
}

export function createGroupAccessCache(opts: {
  ttlMs: number;
  now: Clock;
  /** The notifications' source; `listenPg` on the database in production. */
  listen: (onGroup: (groupId: number) => void, onState: (listening: boolean) => void) => Pick<PgListener, 'listening' | 'close'>;
}): GroupAccessCache {
  const { ttlMs, now } = opts;
  const entries = new Map<string, Entry>();
  const byGroup = new Map<number, Set<string>>();
  /** Moves on at every drop of the group (and `all` at every loss of the connection). */
  const epochs = new Map<number, number>();
  let all = 0;
  const counts = { hits: 0, loads: 0, drops: 0 };

  const remove = (key: string, groupId: number) => {
    entries.delete(key);
    byGroup.get(groupId)?.delete(key);
  };
  const dropGroup = (groupId: number) => {
    counts.drops++;
    epochs.set(groupId, (epochs.get(groupId) ?? 0) + 1);
    for (const key of byGroup.get(groupId) ?? []) entries.delete(key);
    byGroup.delete(groupId);
  };
  const clear = () => {
    all++;
    epochs.clear();
    entries.clear();
    byGroup.clear();
  };
  const listener = opts.listen(
    (groupId) => (Number.isSafeInteger(groupId) ? dropGroup(groupId) : clear()),
    () => clear(),
  );

  return {
    lookup(userId, companyId, groupId, load) {
      if (ttlMs <= 0 || !listener.listening()) {
        counts.loads++;
        return load();
      }
      const key = `${userId}:${companyId}:${groupId}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) {
        counts.hits++;
        return hit.value;
      }
      if (hit) remove(key, groupId);
      counts.loads++;
      const started = { all, group: epochs.get(groupId) ?? 0 };
      // Shared by every request that finds it: frozen, so a handler cannot change another's copy.
      const e: Entry = { at: now(), value: load().then(freeze) };
      entries.set(key, e);
      let keys = byGroup.get(groupId);
      if (!keys) byGroup.set(groupId, (keys = new Set()));
      keys.add(key);
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value!;
        remove(oldest, Number(oldest.split(':')[2]));
      }
      e.value.then(
        (v) => {
          // A group not found stays uncached (a rare, cheap answer); a drop of the group or a lost
          // connection since the load began means the answer may be stale.
          const stale = all !== started.all || (epochs.get(groupId) ?? 0) !== started.group;
          if (entries.get(key) === e && (v === null || stale)) remove(key, groupId);
        },
        () => {
          if (entries.get(key) === e) remove(key, groupId);
        },
      );
      return e.value;
    },
    stats: () => ({ ...counts, listening: listener.listening() }),
    close: () => listener.close(),
  };
}

/** The cache on a PostgreSQL database, listening on migration 0023's channel. */
export function pgGroupAccessCache(databaseUrl: string, ttlMs: number, now: Clock): GroupAccessCache {
  return createGroupAccessCache({
    ttlMs,
    now,
    listen: (onGroup, onState) => listenPg(databaseUrl, GROUP_ACCESS_CHANNEL, (payload) => onGroup(Number(payload)), onState),
  });
}
