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
 *
 * Answers are kept as UTF-8 bytes: a string would be measured and encoded again on every hit.
 */
export interface ResponseCache {
  /** The epoch to hand to `store`: taken before the request reads anything. */
  epoch(): number;
  get(key: string): Buffer | undefined;
  /** Keeps the answer if nothing was written since `epoch` was taken. */
  store(key: string, epoch: number, body: Buffer): void;
  readonly size: number;
  /** Bytes held, bounded like the entry count. */
  readonly bytes: number;
}

interface Entry {
  body: Buffer;
  at: number;
}

/** Bounds memory: a feed page is ~1–10 KB; a user's whole group list can be far more. */
const MAX_ENTRIES = 5000;
const MAX_BYTES = 16 * 1024 * 1024;
/** Larger answers are rare and cost more to keep than to compute again. */
const MAX_ENTRY_BYTES = 256 * 1024;

export function createResponseCache(ttlMs: number, now: Clock, writes: WriteEpoch): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** The epoch every entry was read at; a write empties the map at the next touch. */
  let entriesEpoch = writes.value;
  const current = () => {
    if (writes.value !== entriesEpoch) {
      entries.clear();
      bytes = 0;
      entriesEpoch = writes.value;
    }
  };
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  return {
    epoch: () => writes.value,
    get(key) {
      current();
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at >= ttlMs) {
        drop(key);
        return undefined;
      }
      return hit.body;
    },
    store(key, epoch, body) {
      current();
      if (epoch !== entriesEpoch || body.length > MAX_ENTRY_BYTES) return;
      drop(key);
      // Oldest first: Map keeps insertion order.
      while (entries.size > 0 && (entries.size >= MAX_ENTRIES || bytes + body.length > MAX_BYTES)) drop(entries.keys().next().value!);
      entries.set(key, { body, at: now() });
      bytes += body.length;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** What the cache is asked for a call: whose it is, in which language, and exactly what. */
export function responseKey(userId: number, language: string | undefined, url: string): string {
  return `${userId}\u0000${language ?? ''}\u0000${url}`;
}
