import type { Clock } from '../config';
import { listenPg, type PgListener } from '../db/pg-listen';
import { createDroppableCache } from '../db/user-cache';
import { GROUP_ACCESS_CHANNEL } from '../db/migrations/0023_group_access_notify';
import type { Selectable } from 'kysely';
import type { GroupsTable } from '../db/types';

/** A member's rights in a group (group_members' flags). */
export interface MemberFlags {
  role_admin: number;
  role_invite: number;
  role_edit_shared_folder: number;
  role_edit_topic: number;
  can_notify: number;
}

/** A group and the caller's membership in it (null when not a member). */
export type FoundAccess = { group: Selectable<GroupsTable>; member: MemberFlags | null };

/**
 * Every call under /members/me/groups/:id first reads the group and the caller's membership
 * (policy.ts authorizeGroup). A page view makes three to five such calls at once, so on
 * PostgreSQL that was a round trip per call for the same row: a third of the statements of the
 * load test's group pages. This keeps the answer per (user, group) for
 * `GROUP_ACCESS_CACHE_MS` (default 2 s).
 *
 * It may never keep rights after they changed. The database announces every change of a group
 * row or a membership (migration 0023: a trigger, so no write path can forget it) and each
 * process drops that group's entries when the message arrives, which PostgreSQL sends at commit.
 * While the LISTEN connection is down, nothing is served from here or kept (changes could pass
 * unheard), and everything is dropped; the TTL bounds the rest. A load that started before a
 * drop is not kept (db/user-cache.ts, the mechanism the session cache uses). PostgreSQL only:
 * SQLite is one process reading its own file in microseconds, and has nobody to announce
 * changes to.
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

export function createGroupAccessCache(opts: {
  ttlMs: number;
  now: Clock;
  /** The notifications' source; `listenPg` on the database in production. */
  listen: (onGroup: (groupId: number) => void, onState: (listening: boolean) => void) => Pick<PgListener, 'listening' | 'close'>;
}): GroupAccessCache {
  const counts = { lookups: 0, loads: 0, drops: 0 };
  // Owned by the group: an announcement drops every user's entry for it. A group not found is
  // not kept (undefined to the cache: a rare, cheap answer).
  const cache = createDroppableCache<FoundAccess>({
    ttlMs: opts.ttlMs,
    now: opts.now,
    ownerOf: (found) => found.group.id,
    enabled: () => listener.listening(),
    maxEntries: MAX_ENTRIES,
  });
  const listener = opts.listen(
    (groupId) => {
      counts.drops++;
      if (Number.isSafeInteger(groupId)) cache.drop([groupId]);
      else cache.clear();
    },
    () => cache.clear(),
  );

  return {
    async lookup(userId, companyId, groupId, load) {
      counts.lookups++;
      const found = await cache.lookup(`${userId}:${companyId}:${groupId}`, async () => {
        counts.loads++;
        // Shared by every request that finds it: frozen, so a handler cannot change another's copy.
        return freeze(await load()) ?? undefined;
      });
      return found ?? null;
    },
    stats: () => ({ hits: counts.lookups - counts.loads, loads: counts.loads, drops: counts.drops, listening: listener.listening() }),
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
