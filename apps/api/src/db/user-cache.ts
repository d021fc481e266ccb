import type { Clock } from '../config';
import type { ServerBus } from '../modules/realtime/bus';

/**
 * A per-process cache of reads that belong to one user (a token's row, their settings), for the
 * few seconds in which a page view asks for them several times. Calls that arrive together share
 * one load. Whoever changes what a value was read from drops the user's values (`dropUsers`) in
 * this process, and publishes one of `dropOn`'s events so that every other process does too; the
 * TTL bounds what a lost message or an unannounced write leaves. Only values a load found are
 * kept, and a load that started before a drop is not kept (it may have read the old state).
 */
export interface UserCache<V> {
  /** A fresh value (or the load already in flight for this key), else `load()`'s. */
  lookup(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  dropUsers(userIds: number[]): void;
  /** Stops listening to the bus. */
  close(): void;
}

/** Enough for every active login of a large company; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 20_000;

interface Entry<V> {
  at: number;
  value: Promise<V | undefined>;
  user?: number;
}

export function createUserCache<V>(opts: { ttlMs: number; now: Clock; userOf: (v: V) => number; bus?: ServerBus; dropOn?: string[] }): UserCache<V> {
  const { ttlMs, now, userOf } = opts;
  const entries = new Map<string, Entry<V>>();
  const byUser = new Map<number, Set<string>>();
  let epoch = 0;

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    if (e.user !== undefined) byUser.get(e.user)?.delete(key);
  };
  const fresh = (key: string): Entry<V> | undefined => {
    const e = entries.get(key);
    if (e && now() - e.at < ttlMs) return e;
    if (e) remove(key);
    return undefined;
  };
  const dropUsers = (userIds: number[]) => {
    epoch++;
    for (const id of userIds) {
      for (const key of byUser.get(id) ?? []) entries.delete(key);
      byUser.delete(id);
    }
  };
  const kinds = new Set(opts.dropOn ?? []);
  const unsubscribe =
    ttlMs > 0 && opts.bus && kinds.size > 0
      ? opts.bus.subscribe((userIds, event) => {
          if (kinds.has(event.kind)) dropUsers(userIds);
        })
      : () => {};

  return {
    lookup(key, load) {
      if (ttlMs <= 0) return load();
      const hit = fresh(key);
      if (hit) return hit.value;
      const started = epoch;
      const e: Entry<V> = { at: now(), value: load() };
      entries.set(key, e);
      if (entries.size > MAX_ENTRIES) remove(entries.keys().next().value!);
      e.value.then(
        (v) => {
          if (entries.get(key) !== e) return;
          if (v === undefined || epoch !== started) return remove(key);
          e.user = userOf(v);
          let keys = byUser.get(e.user);
          if (!keys) byUser.set(e.user, (keys = new Set()));
          keys.add(key);
        },
        () => remove(key),
      );
      return e.value;
    },
    dropUsers,
    close: unsubscribe,
  };
}
