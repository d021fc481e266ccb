import fs from 'node:fs';
import type pg from 'pg';

/** Upper bounds (ms) of the wait histogram's buckets; the last one is open. */
export const POOL_WAIT_BUCKETS_MS = [0.5, 1, 5, 10, 50, 100, 250, 500, 1000, 2000, 5000, Infinity] as const;

export interface PoolStats {
  max: number;
  /** Connections open now, idle among them, and requests queued for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Since start: connections handed out, the time requests spent waiting for them. */
  acquired: number;
  wait_ms_total: number;
  wait_ms_max: number;
  /** Acquisitions per bucket of POOL_WAIT_BUCKETS_MS (cumulative since start, not per bucket bound). */
  wait_histogram: number[];
  at: number;
}

/**
 * How long handlers wait for a PostgreSQL connection: the figure that says whether the pool
 * (DATABASE_POOL_MAX per process) is too small for the load or the database is simply busy.
 * Wraps `pool.connect` (Kysely and `pool.query` both go through it) and counts the time from
 * the call to the connection. Cheap: one clock read and a few additions per acquisition.
 */
export function measurePool(pool: pg.Pool, max: number): () => PoolStats {
  const s = { acquired: 0, total: 0, max: 0, hist: POOL_WAIT_BUCKETS_MS.map(() => 0) };
  const record = (t0: number) => {
    const ms = performance.now() - t0;
    s.acquired++;
    s.total += ms;
    if (ms > s.max) s.max = ms;
    s.hist[POOL_WAIT_BUCKETS_MS.findIndex((b) => ms <= b)]!++;
  };
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => unknown;
  (pool as { connect: unknown }).connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    const t0 = performance.now();
    if (cb) {
      return connect((err, client, done) => {
        if (!err) record(t0);
        cb(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      record(t0);
      return client;
    });
  };
  return () => ({
    max,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    acquired: s.acquired,
    wait_ms_total: Math.round(s.total * 10) / 10,
    wait_ms_max: Math.round(s.max * 10) / 10,
    wait_histogram: [...s.hist],
    at: Date.now(),
  });
}

/**
 * DATABASE_POOL_STATS_FILE: the process rewrites this JSON file every second (the load bench
 * reads it; an operator can too). Atomic replace, so a reader never sees half a file.
 */
export function writePoolStats(file: string, stats: () => PoolStats): () => void {
  const tmp = `${file}.${process.pid}.tmp`;
  const timer = setInterval(() => {
    try {
      fs.writeFileSync(tmp, JSON.stringify(stats()));
      fs.renameSync(tmp, file);
    } catch {
      // A monitoring aid: a full or missing disk must not disturb the API.
    }
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
