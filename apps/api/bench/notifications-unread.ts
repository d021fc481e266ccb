/**
 * Unread benchmark: unread-count and unread-list latency for a user in 50 groups with
 * 100 000 unread rows against the same with 1 000, on SQLite and PostgreSQL. The unread rows are
 * group topics by a colleague spread evenly over the 50 groups (the heaviest kind). Both sizes
 * live in one database (two users, two sets of 50 groups), so the figures compare one user's
 * amount of unread, not table sizes; their requests are timed alternately.
 * Run: `node --import tsx apps/api/bench/notifications-unread.ts [out.json]`
 * (e2e/bench/run.ts imports `benchUnread`). BENCH_UNREAD_SIZES changes the sizes.
 */
import fs from 'node:fs';
import { createTestApp, type TestDialect } from '../src/test/harness';
import { actor, groupWith } from '../src/modules/groups/fixtures.test-util';
import { insertTopics } from '../src/modules/topics/fixtures.test-util';

const SIZES = (process.env.BENCH_UNREAD_SIZES ?? '1000,100000').split(',').map(Number);
const GROUPS = 50;
const SAMPLES = Number(process.env.BENCH_UNREAD_SAMPLES ?? 50);
const M = '/service/api/v1/members/me';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) * 100) / 100;
};

/**
 * Times every size's request in turn (small, large, small, …), so load from other work on the
 * shared machine falls on both sizes alike instead of on whichever was measured later.
 */
async function measure(runs: (() => Promise<void>)[]) {
  for (let i = 0; i < 5; i++) for (const run of runs) await run();
  const lat: number[][] = runs.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [k, run] of runs.entries()) {
      const t0 = performance.now();
      await run();
      lat[k]!.push(performance.now() - t0);
    }
  }
  return lat.map((l) => ({ p50_ms: pct(l, 0.5), p95_ms: pct(l, 0.95) }));
}

export async function benchUnread(dialect: TestDialect) {
  const t = await createTestApp(dialect);
  try {
    const company = await t.createCompany();
    const users: { token: string; expected: number }[] = [];
    for (const size of SIZES) {
      const reader = await actor(t, { companyId: company });
      const poster = await actor(t, { companyId: company });
      for (let i = 0; i < GROUPS; i++) {
        const g = await groupWith(t, company, [
          [reader.id, {}],
          [poster.id, { role_edit_topic: 1 }],
        ]);
        await insertTopics(t, g, poster.id, Math.floor(size / GROUPS));
      }
      users.push({ token: reader.token, expected: Math.floor(size / GROUPS) * GROUPS });
    }
    const get = (path: string, check: (body: any, expected: number) => void) => (u: { token: string; expected: number }) => async () => {
      const res = await t.inject({ method: 'GET', url: `${M}${path}`, token: u.token });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      check(res.json().items, u.expected);
    };
    const requests = {
      count: get('/notification/count/1', (b, expected) => {
        if (b.count !== expected) throw new Error(`count ${b.count}, expected ${expected}`);
      }),
      list_first_page: get('/notification/unread?limit=20', (b, expected) => {
        if (b.total !== expected || b.data.length !== 20) throw new Error(`list total ${b.total}`);
      }),
      group_counts: get('/unread/group-data', () => undefined),
    };
    const out: Record<string, Record<string, { p50_ms: number; p95_ms: number }>> = Object.fromEntries(SIZES.map((s) => [s, {}]));
    for (const [name, request] of Object.entries(requests)) {
      const figures = await measure(users.map(request));
      SIZES.forEach((size, k) => (out[size]![name] = figures[k]!));
    }
    const small = out[SIZES[0]!]!;
    const large = out[SIZES.at(-1)!]!;
    const ratio = Object.fromEntries(Object.keys(small).map((k) => [k, Math.round((large[k]!.p50_ms / small[k]!.p50_ms) * 100) / 100]));
    return {
      dialect,
      groups: GROUPS,
      sizes: out,
      [`p50_ratio_${SIZES.at(-1)}_to_${SIZES[0]}`]: ratio,
      within_2x: Object.values(ratio).every((r) => r <= 2),
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = [];
  for (const d of (process.env.BENCH_UNREAD_DIALECTS ?? 'sqlite,postgres').split(',') as TestDialect[]) results.push(await benchUnread(d));
  const json = JSON.stringify({ at: new Date().toISOString(), unread: results }, null, 2);
  console.log(json);
  if (process.argv[2]) fs.writeFileSync(process.argv[2], json);
}
