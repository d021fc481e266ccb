import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The @fastify/rate-limit store when several processes share Redis. The plugin's own Redis store
 * runs a script per request: on the load test a round trip for every call, about a tenth of each
 * API process's CPU and more in Redis. This one counts in the process and adds its counts to the
 * Redis key in one script per key and flush:
 *
 * - The first request of a key in a window, and every request while the process knows nothing
 *   newer, waits for the flush that carries it, so it is judged on the count all processes made
 *   (its place in that batch, as if each had incremented alone).
 * - After that, while Redis's last answer is younger than two flush intervals, the process judges
 *   locally on that count plus its own since, and sends its counts every `flushMs`; an older
 *   answer (a key that went quiet) is asked again first. So a key can go over its limit by what
 *   the other processes let through in about two flush intervals, never by more, and a process
 *   that has seen the limit passed refuses by itself.
 * - `exact` stores (a route's own, stricter limit: login, password reset) never judge locally;
 *   concurrent requests still share one round trip.
 *
 * Redis errors go to the plugin (`skipOnError` lets the request through, as before).
 */
const SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == tonumber(ARGV[1]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {c, ttl}`;

/** Addresses in the current windows before ended ones are swept on arrival. */
const MAX_SLOTS = 10_000;

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface Slot {
  /** The key's count in Redis as of the last answer (our flushed counts included). */
  base: number;
  /** Counted here, not yet sent. */
  pending: number;
  /** Sent, not yet answered. */
  sending: number;
  /** Requests waiting for the flush that carries them, in arrival order. */
  waiters: Callback[];
  resetAt: number;
  /** Redis has answered for this window: local judgement is allowed (never for `exact`)… */
  known: boolean;
  /** …while that answer is younger than two flush intervals. */
  answeredAt: number;
  flushing: boolean;
}

interface StoreOptions {
  redis: Redis;
  prefix: string;
  flushMs: number;
  exact: boolean;
  now: () => number;
}

interface RateLimitRedis extends Redis {
  portalRateLimit(key: string, n: number, windowMs: number): Promise<[number, number]>;
}

export class BatchedRedisStore {
  private readonly slots = new Map<string, Slot>();
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweptAt = 0;
  private readonly redis: RateLimitRedis;

  constructor(private readonly opts: StoreOptions) {
    const redis = opts.redis as RateLimitRedis;
    if (!redis.portalRateLimit) redis.defineCommand('portalRateLimit', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis;
  }

  incr(key: string, cb: Callback, timeWindow: number, _max: number): void {
    const now = this.opts.now();
    // Past the bound, ended windows are swept at most once a flush interval: with that many live
    // keys, a sweep on every request would walk them all on the hot path.
    if (this.slots.size > MAX_SLOTS && now - this.sweptAt >= this.opts.flushMs) this.forgetEnded(now);
    let s = this.slots.get(key);
    if (!s || (now >= s.resetAt && !s.flushing)) {
      s = { base: 0, pending: 0, sending: 0, waiters: [], resetAt: now + timeWindow, known: false, answeredAt: 0, flushing: false };
      this.slots.set(key, s);
    }
    s.pending++;
    if (this.opts.exact || !s.known || now >= s.resetAt || now - s.answeredAt > 2 * this.opts.flushMs) {
      s.waiters.push(cb);
      if (!s.flushing) this.flush(key, s, timeWindow);
      return;
    }
    cb(null, { current: s.base + s.sending + s.pending, ttl: Math.max(0, s.resetAt - now) });
    this.markDirty(key, timeWindow);
  }

  private markDirty(key: string, timeWindow: number) {
    this.dirty.add(key);
    if (this.timer) return;
    this.timer = setInterval(() => this.flushDirty(timeWindow), this.opts.flushMs);
    this.timer.unref?.();
  }

  private flushDirty(timeWindow: number) {
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const key of keys) {
      const s = this.slots.get(key);
      if (s && !s.flushing && s.pending > 0) this.flush(key, s, timeWindow);
    }
    this.forgetEnded(this.opts.now());
    if (this.dirty.size === 0 && this.slots.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Windows that ended: a map of every address ever seen would only grow. */
  private forgetEnded(now: number) {
    this.sweptAt = now;
    for (const [key, s] of this.slots) if (now >= s.resetAt && !s.flushing && s.pending === 0) this.slots.delete(key);
  }

  private flush(key: string, s: Slot, timeWindow: number) {
    const n = s.pending;
    const waiters = s.waiters;
    s.pending = 0;
    s.waiters = [];
    s.sending += n;
    s.flushing = true;
    this.redis.portalRateLimit(this.opts.prefix + key, n, timeWindow).then(
      ([count, ttl]) => {
        s.flushing = false;
        s.sending -= n;
        s.base = count;
        s.answeredAt = this.opts.now();
        s.resetAt = s.answeredAt + ttl;
        s.known = true;
        // Each waiter is judged at its own place in the batch the script just added (at its
        // end, when the batch also carried counts judged here before).
        const first = count - waiters.length + 1;
        waiters.forEach((cb, i) => cb(null, { current: first + i, ttl }));
        if (s.waiters.length > 0) this.flush(key, s, timeWindow);
        else if (s.pending > 0) this.markDirty(key, timeWindow);
      },
      (err: Error) => {
        s.flushing = false;
        s.sending -= n;
        s.known = false; // ask Redis again next time rather than trust an old count
        for (const cb of waiters) cb(err);
        if (s.waiters.length > 0) this.flush(key, s, timeWindow);
      },
    );
  }

  /** A route's own limit (login, password reset): counted exactly, under its own keys. */
  child(routeOptions: unknown): BatchedRedisStore {
    // The plugin passes the route's merged options (its typings say otherwise; its own Redis store reads the same field).
    const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
    return new BatchedRedisStore({ ...this.opts, exact: true, prefix: `${this.opts.prefix}${method}${url}-` });
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The class @fastify/rate-limit constructs (`store` option) for this Redis and namespace. */
export function batchedRedisStore(redis: Redis, prefix: string, flushMs = 100, now: () => number = Date.now) {
  const stores: BatchedRedisStore[] = [];
  const Store = function () {
    const store = new BatchedRedisStore({ redis, prefix, flushMs, exact: false, now });
    stores.push(store);
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
  return { Store, close: () => stores.forEach((s) => s.close()) };
}
