import type { Clock } from '../config';
import type { ServerBus } from '../kernel/bus';

/**
 * A per-process cache of reads for the few seconds in which a page view asks for them several
 * times. Calls that arrive together share one load. Each kept value belongs to an owner (a user,
 * a group) and whoever learns that what it was read from changed drops the owner's values
 * (`drop`), or all of them (`clear`); the TTL bounds what a lost announcement leaves. Only values
 * a load found are kept, and a load that started before a drop or clear is not kept (it may have
 * read the old state). While `enabled()` is false every lookup loads and nothing is kept.
 */
export interface DroppableCache<V> {
  /** A fresh value (or the load already in flight for this key), else `load()`'s. */
  lookup(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  drop(owners: number[]): void;
  clear(): void;
}

/** Enough for every active login of a large company; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 20_000;

interface Entry<V> {
  at: number;
  value: Promise<V | undefined>;
  owner?: number;
}

export function createDroppableCache<V>(opts: {
  ttlMs: number;
  now: Clock;
  ownerOf: (v: V) => number;
  enabled?: () => boolean;
  maxEntries?: number;
}): DroppableCache<V> {
  const { ttlMs, now, ownerOf } = opts;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<V>>();
  const byOwner = new Map<number, Set<string>>();
  let epoch = 0;

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    if (e.owner !== undefined) byOwner.get(e.owner)?.delete(key);
  };
  const fresh = (key: string): Entry<V> | undefined => {
    const e = entries.get(key);
    if (e && now() - e.at < ttlMs) return e;
    if (e) remove(key);
    return undefined;
  };

  return {
    lookup(key, load) {
      if (ttlMs <= 0 || (opts.enabled && !opts.enabled())) return load();
      const hit = fresh(key);
      if (hit) return hit.value;
      const started = epoch;
      const e: Entry<V> = { at: now(), value: load() };
      entries.set(key, e);
      if (entries.size > maxEntries) remove(entries.keys().next().value!);
      e.value.then(
        (v) => {
          if (entries.get(key) !== e) return;
          if (v === undefined || epoch !== started) return remove(key);
          e.owner = ownerOf(v);
          let keys = byOwner.get(e.owner);
          if (!keys) byOwner.set(e.owner, (keys = new Set()));
          keys.add(key);
        },
        () => remove(key),
      );
      return e.value;
    },
    drop(owners) {
      epoch++;
      for (const id of owners) {
        for (const key of byOwner.get(id) ?? []) entries.delete(key);
        byOwner.delete(id);
      }
    },
    clear() {
      epoch++;
      entries.clear();
      byOwner.clear();
    },
  };
}

/**
 * The cache for reads that belong to one user (a token's row, their settings). Whoever changes
 * what a value was read from drops the user's values (`dropUsers`) in this process, and
 * publishes one of `dropOn`'s events so that every other process does too.
 */
export interface UserCache<V> {
  lookup(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  dropUsers(userIds: number[]): void;
  /** Stops listening to the bus. */
  close(): void;
}

export function createUserCache<V>(opts: {
  ttlMs: number;
  now: Clock;
  userOf: (v: V) => number;
  bus?: ServerBus;
  dropOn?: string[];
}): UserCache<V> {
  const { bus } = opts;
  // A drop published while this process did not hear the others (Redis away) is lost: nothing is
  // reused until the bus listens again, and then nothing kept from before is trusted.
  const cache = createDroppableCache<V>({
    ttlMs: opts.ttlMs,
    now: opts.now,
    ownerOf: opts.userOf,
    ...(bus?.listening ? { enabled: () => bus.listening!() } : {}),
  });
  const kinds = new Set(opts.dropOn ?? []);
  const listens = opts.ttlMs > 0 && bus && kinds.size > 0;
  const unsubscribe = listens
    ? bus.subscribe((userIds, event) => {
        if (kinds.has(event.kind)) cache.drop(userIds);
      })
    : () => {};
  const unresume = listens && bus.onResume ? bus.onResume(() => cache.clear()) : () => {};
  return {
    lookup: cache.lookup,
    dropUsers: (userIds) => cache.drop(userIds),
    close: () => {
      unsubscribe();
      unresume();
    },
  };
}
