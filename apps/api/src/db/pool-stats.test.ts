import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { measurePool, POOL_WAIT_BUCKETS_MS, writePoolStats } from './pool-stats';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('PostgreSQL pool wait figures', () => {
  it('counts every acquisition and the time spent queued behind a busy pool', async () => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    const stats = measurePool(pool, 1);
    try {
      // Three 100 ms queries on one connection: the second waits ~100 ms, the third ~200 ms.
      await Promise.all([0, 1, 2].map(() => pool.query('select pg_sleep(0.1)')));
      const client = await pool.connect(); // the promise form, as Kysely uses it
      client.release();
      const s = stats();
      expect(s).toMatchObject({ max: 1, acquired: 4, waiting: 0 });
      expect(s.wait_ms_max).toBeGreaterThanOrEqual(150);
      expect(s.wait_ms_total).toBeGreaterThanOrEqual(250);
      expect(s.wait_histogram).toHaveLength(POOL_WAIT_BUCKETS_MS.length);
      expect(s.wait_histogram.reduce((a, b) => a + b, 0)).toBe(4);

      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-')), 'pool.json');
      const stop = writePoolStats(file, stats);
      await new Promise((r) => setTimeout(r, 1200));
      stop();
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ acquired: 4 });
    } finally {
      await pool.end();
    }
  });
});
