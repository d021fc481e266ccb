import type { Clock } from '../config';
import type { WriteEpoch } from '../db/write-epoch';

/**
 * The JSON a hot read answered, kept per caller and URL while the database is unchanged: a page
 * view asks for the same group list two or three times, and every realtime event makes each
 * open page refetch what it shows, mostly unchanged. An answer is reused only while
 *
 * - no write of this process has completed since it was read (the write epoch, counted at the
 *   driver so no write path can be missed; a read that saw the epoch move is not kept), and
 * - it is younger than `RESPONSE_CACHE_MS` (default 2 s): what changes with time alone (a
 *   scheduled topic going live) or by a hand outside the portal is seen that late at most.
 *
 * The caller's session, pending state and rights are checked on every request before the cache
 * is asked (route.ts); the key is the user id, the Accept-Language and the URL as sent, so an
 * answer only ever goes back to the user it was made for. Another process's writes are not
 * seen here, so the cache is off whenever REDIS_URL says the portal runs as several processes
 * (config.ts). Opt-in per route (`RouteOptions.responseCache`), for reads that only read.
 */
export interface ResponseCache {
  /** The epoch to hand to `store`: taken before the request reads anything. */
  epoch(): number;
  get(key: string): string | undefined;
  /** Keeps the answer if nothing was written since `epoch` was taken. */
  store(key: string, epoch: number, body: string): void;
  readonly size: number;
}

interface Entry {
  body: string;
  at: number;
}

/** Bounds memory: a feed page is ~1–10 KB, so at most a few tens of MB. */
const MAX_ENTRIES = 5000;

export function createResponseCache(ttlMs: number, now: Clock, writes: WriteEpoch): ResponseCache {
  const entries = new Map<string, Entry>();
  /** The epoch every entry was read at; a write empties the map at the next touch. */
  let entriesEpoch = writes.value;
  const current = () => {
    if (writes.value !== entriesEpoch) {
      entries.clear();
      entriesEpoch = writes.value;
    }
  };
  return {
    epoch: () => writes.value,
    get(key) {
      current();
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return hit.body;
    },
    store(key, epoch, body) {
      current();
      if (epoch !== entriesEpoch) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { body, at: now() });
    },
    get size() {
      return entries.size;
    },
  };
}

/** What the cache is asked for a call: whose it is, in which language, and exactly what. */
export function responseKey(userId: number, language: string | undefined, url: string): string {
  return `${userId}\u0000${language ?? ''}\u0000${url}`;
}
