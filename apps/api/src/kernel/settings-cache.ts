import type { Settings } from '@portal/api-client';
import type { Clock } from '../config';
import { createUserCache, type UserCache } from '../db/user-cache';
import type { ServerBus } from './bus';

/**
 * A user's settings as getSettings builds them (stored sections checked over the defaults), read
 * by every feed, list and comment page that leaves its page size or order to the preferences.
 * patchSettings, the one writer, drops them here before it answers and publishes
 * `settings.updated`, on which every other process drops them. Values are frozen: they are
 * shared by the callers of the TTL.
 */
interface CachedSettings {
  userId: number;
  settings: Readonly<Settings>;
}
export type SettingsCache = UserCache<CachedSettings>;

export function createSettingsCache(ttlMs: number, now: Clock, bus?: ServerBus): SettingsCache {
  return createUserCache<CachedSettings>({ ttlMs, now, bus, userOf: (v) => v.userId, dropOn: ['settings.updated'] });
}
