import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedRedisStore } from './rate-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
const stores: BatchedRedisStore[] = [];
afterAll(async () => {
  for (const s of stores) s.close();
  redis.disconnect();
});

/** A process's store on the shared Redis (each test has its own namespace). */
function store(prefix: string, opts: { exact?: boolean; flushMs?: number; redis?: Redis } = {}) {
  const s = new BatchedRedisStore({
    redis: opts.redis ?? redis,
    prefix,
    flushMs: opts.flushMs ?? 50,
    exact: opts.exact ?? false,
    now: Date.now,
  });
  stores.push(s);
  return s;
}
const incr = (s: BatchedRedisStore, key: string, windowMs = 60_000, max = 1000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    s.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, max),
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate-limit store shared by processes through Redis', () => {
  it('counts exactly on a route’s own limit: concurrent requests of two processes each get their own place', async () => {
    const prefix = `test-rl-${randomUUID()}-`;
    const route = { routeInfo: { method: 'POST', url: '/login' } };
    const a = store(prefix).child(route);
    const b = store(prefix).child(route);
    const got = await Promise.all(Array.from({ length: 35 }, (_, i) => incr(i % 2 ? a : b, '10.0.0.1')));
    // Every count from 1 to 35 given once: with a limit of 30, exactly 5 are refused.
    expect(got.map((g) => g.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(Number(await redis.get(`${prefix}POST/login-10.0.0.1`))).toBe(35);
    expect(await redis.pttl(`${prefix}POST/login-10.0.0.1`)).toBeGreaterThan(55_000);
    // One after the other too: no count is judged locally, so B sees A's at once.
    for (let i = 1; i <= 3; i++) expect((await incr(a, '10.0.0.3')).current).toBe(i);
    expect((await incr(b, '10.0.0.3')).current).toBe(4);
  });

  it('judges the first request of a window on Redis’s count, then locally, and sends its counts within a flush', async () => {
    const prefix = `test-rl-${randomUUID()}-`;
    await redis.set(`${prefix}10.0.0.2`, '500', 'PX', 60_000); // another process's count
    const own = redis.duplicate();
    const a = store(prefix, { redis: own });
    let trips = 0;
    const script = own as unknown as { portalRateLimit: (...args: unknown[]) => Promise<unknown> };
    const run = script.portalRateLimit.bind(own);
    script.portalRateLimit = (...args) => (trips++, run(...args));
    try {
      expect((await incr(a, '10.0.0.2')).current).toBe(501);
      expect(trips).toBe(1);
      // Local judgement: the next ten cost no round trip each, and count on from Redis's figure.
      const local = await Promise.all(Array.from({ length: 10 }, () => incr(a, '10.0.0.2')));
      expect(local.map((g) => g.current)).toEqual(Array.from({ length: 10 }, (_, i) => 502 + i));
      expect(trips).toBe(1);
      await pause(150);
      expect(trips).toBe(2); // one flush for the ten
      expect(Number(await redis.get(`${prefix}10.0.0.2`))).toBe(511);
    } finally {
      own.disconnect();
    }
  });

  it('sees what another process counted within two flush intervals, and refuses once the limit is passed', async () => {
    const prefix = `test-rl-${randomUUID()}-`;
    const a = store(prefix);
    const b = store(prefix);
    const max = 100;
    await incr(b, 'ip', 60_000, max);
    for (let i = 0; i < 60; i++) await incr(a, 'ip', 60_000, max);
    // A has sent its 60, and B's answer is older than two flush intervals: too old to judge on.
    while (Number(await redis.get(`${prefix}ip`)) < 61) await pause(10);
    await pause(110);
    const seen = await incr(b, 'ip', 60_000, max);
    expect(seen.current).toBe(62);
    const rest = await Promise.all(Array.from({ length: 60 }, () => incr(b, 'ip', 60_000, max)));
    expect(rest.map((r) => r.current)).toEqual(Array.from({ length: 60 }, (_, i) => 63 + i));
    expect(rest.filter((r) => r.current > max)).toHaveLength(22);
    await pause(150);
    expect(Number(await redis.get(`${prefix}ip`))).toBe(122);
  });

  it('starts a new window when the key expires', async () => {
    const prefix = `test-rl-${randomUUID()}-`;
    const a = store(prefix);
    expect((await incr(a, 'ip', 200)).current).toBe(1);
    expect((await incr(a, 'ip', 200)).current).toBe(2);
    await pause(350);
    const fresh = await incr(a, 'ip', 200);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeLessThanOrEqual(200);
  });

  it('hands Redis errors to the plugin (which lets the request through) and asks Redis again afterwards', async () => {
    const prefix = `test-rl-${randomUUID()}-`;
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const s = store(prefix, { redis: down });
    await expect(incr(s, 'ip')).rejects.toThrow();
    await expect(incr(s, 'ip')).rejects.toThrow();
    down.disconnect();
  });
});
