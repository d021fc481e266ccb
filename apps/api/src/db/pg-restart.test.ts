import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, loginChild, prepareSite, startServer, type ChildServer, type ChildSite } from '../test/child-server';
import { createPgCluster, findPgBin, type PgCluster } from '../test/pg-cluster.test-util';
import { freePort } from '../test/redis.test-util';
import { GROUP_ACCESS_CHANNEL } from './migrations/0023_group_access_notify';

/**
 * A PostgreSQL restart under traffic, on a cluster of the test's own: requests during the restart
 * may be refused with 503 (never 500), the process survives, and once the server is back the
 * pools answer again without a burst of errors and the LISTEN connection behind the group-access
 * cache is re-established by itself.
 */
const bin = findPgBin();
if (!bin) console.warn('pg-restart.test: skipped, no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql');

/** After the server is back, requests may still fail for this long (connections being reopened). */
const SETTLE_MS = 1500;

describe.skipIf(!bin)('a PostgreSQL restart under traffic (private cluster)', () => {
  let cluster: PgCluster;
  let site: ChildSite;
  let server: ChildServer;

  beforeAll(async () => {
    cluster = await createPgCluster(bin!, await freePort());
    site = await prepareSite('postgres', { pgAdminUrl: cluster.adminUrl });
    server = await startServer(site, { GROUP_ACCESS_CACHE_MS: '2000' });
  }, 90_000);

  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await server?.exited;
    await site?.drop().catch(() => undefined);
    await cluster?.destroy();
  }, 30_000);

  async function listeners(): Promise<number> {
    const c = new pg.Client({ connectionString: cluster.adminUrl });
    await c.connect();
    try {
      const r = await c.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE query = $1`, [
        `LISTEN ${GROUP_ACCESS_CHANNEL}`,
      ]);
      return Number(r.rows[0]!.n);
    } finally {
      await c.end();
    }
  }

  it('is ridden out: 503 at most while it restarts, then everything answers and the LISTEN is back', async () => {
    const token = await loginChild(server, site);
    const paths = [
      '/members/me',
      `/members/me/groups/${site.groupId}`,
      `/members/me/groups/${site.groupId}/members`,
      '/members/me/settings',
    ];
    const log: { at: number; status: number; path: string }[] = [];
    let running = true;
    const loop = async (i: number) => {
      for (let k = i; running; k++) {
        const p = paths[k % paths.length]!;
        const status = await fetch(`${server.base}${API}${p}`, { headers: { authorization: `Bearer ${token}` } }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0, // the API process itself did not answer
        );
        log.push({ at: Date.now(), status, path: p });
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const loops = [0, 1, 2, 3].map(loop);

    await new Promise((r) => setTimeout(r, 1000));
    const stopping = Date.now();
    await cluster.stop('fast');
    await new Promise((r) => setTimeout(r, 1000)); // down for a while: new connections are refused
    await cluster.start();
    const back = Date.now();
    await new Promise((r) => setTimeout(r, SETTLE_MS + 2000));
    running = false;
    await Promise.all(loops);

    const before = log.filter((e) => e.at < stopping);
    const during = log.filter((e) => e.at >= stopping && e.at < back + SETTLE_MS);
    const after = log.filter((e) => e.at >= back + SETTLE_MS);
    const summary = (es: typeof log) => es.reduce<Record<number, number>>((m, e) => ((m[e.status] = (m[e.status] ?? 0) + 1), m), {});
    const s = {
      before: summary(before),
      during: summary(during),
      after: summary(after),
      exit: server.proc.exitCode,
      out: server.output().slice(-3000),
    };
    console.info('pg-restart statuses', JSON.stringify({ ...s, out: undefined }));
    expect(before.length, JSON.stringify(s)).toBeGreaterThan(10);
    expect(
      before.every((e) => e.status === 200),
      JSON.stringify(s),
    ).toBe(true);
    expect(
      during.every((e) => e.status === 200 || e.status === 503),
      `only 200 or 503 while it restarts: ${JSON.stringify(s)}`,
    ).toBe(true);
    expect(
      during.some((e) => e.status === 503),
      `the outage was seen: ${JSON.stringify(s)}`,
    ).toBe(true);
    expect(after.length, JSON.stringify(s)).toBeGreaterThan(10);
    expect(
      after.every((e) => e.status === 200),
      `no errors once it is back: ${JSON.stringify(s)}`,
    ).toBe(true);
    expect(server.proc.exitCode).toBeNull();

    // The notification channel came back on its own (the cache trusts nothing until it has).
    const deadline = Date.now() + 10_000;
    while ((await listeners()) !== 1) {
      if (Date.now() > deadline) throw new Error('the LISTEN connection did not come back');
      await new Promise((r) => setTimeout(r, 100));
    }
    // And a second look at a group after the restart still answers from fresh rows.
    const res = await fetch(`${server.base}${API}/members/me/groups/${site.groupId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(server.output()).not.toMatch(/"level":50/); // nothing logged as an unhandled error
  }, 60_000);
});
