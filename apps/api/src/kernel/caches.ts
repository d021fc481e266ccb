import type { Clock } from '../config';
import { createSessionCache, type SessionCache } from './session-cache';
import { createSettingsCache, type SettingsCache } from './settings-cache';
import type { ServerBus } from './bus';
import type { ResponseCache } from '../http/response-cache';
import type { GroupAccessCache } from './group-access-cache';

/**
 * The per-user reads a process reuses for `SESSION_CACHE_MS` (db/user-cache.ts): what a page
 * view's five to eleven simultaneous calls each read again. `0` turns them all off.
 */
export interface Caches {
  sessions: SessionCache;
  settings: SettingsCache;
  /** Hot reads' answers while nothing was written (RESPONSE_CACHE_MS); absent when off. */
  responses?: ResponseCache;
  /** A user's access to a group (GROUP_ACCESS_CACHE_MS, PostgreSQL only); absent when off. Its owner closes it. */
  groupAccess?: GroupAccessCache;
  close(): void;
}

export function createCaches(
  ttlMs: number,
  now: Clock,
  bus?: ServerBus,
  responses?: ResponseCache,
  groupAccess?: GroupAccessCache,
): Caches {
  const sessions = createSessionCache(ttlMs, now, bus);
  const settings = createSettingsCache(ttlMs, now, bus);
  return {
    sessions,
    settings,
    ...(responses ? { responses } : {}),
    ...(groupAccess ? { groupAccess } : {}),
    close() {
      sessions.close();
      settings.close();
    },
  };
}
