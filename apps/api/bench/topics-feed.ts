/**
 * Feed paging benchmark: page latency and requests per second of the group feed with 1 000 and
 * 100 000 topics in one group, first page and a page from the middle (keyset cursor), on SQLite
 * and PostgreSQL. Run: `node --import tsx apps/api/bench/topics-feed.ts [out.json]`
 * (e2e/bench/run.ts can import `benchFeed`). The keyset query should cost the same at both sizes.
 */
import fs from 'node:fs';
import { createTestApp, type TestDialect } from '../src/test/harness';
import { actor, groupWith, insertTopics, T } from '../src/modules/topics/fixtures.test-util';
import { encodeCursor } from '../src/http/cursor';

const SIZES = [1_000, 100_000];
const SAMPLES = Number(process.env.BENCH_FEED_SAMPLES ?? 300);
const RPS_SECONDS = Number(process.env.BENCH_FEED_SECONDS ?? 3);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) * 100) / 100;
};

async function measure(run: () => Promise<number>) {
  for (let i = 0; i < 30; i++) await run();
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const status = await run();
    latencies.push(performance.now() - t0);
    if (status !== 200) throw new Error(`feed page answered ${status}`);
  }
  let n = 0;
  const until = performance.now() + RPS_SECONDS * 1000;
  while (performance.now() < until) {
    await run();
    n++;
  }
  return { p50_ms: pct(latencies, 0.5), p95_ms: pct(latencies, 0.95), requests_per_second: Math.round(n / RPS_SECONDS) };
}

export async function benchFeed(dialect: TestDialect) {
  const t = await createTestApp(dialect);
  try {
    const company = await t.createCompany();
    const user = await actor(t, { companyId: company });
    const out: Record<string, unknown> = {};
    for (const size of SIZES) {
      const g = await groupWith(t, company, [[user.id, { role_edit_topic: 1 }]]);
      await insertTopics(t, g, user.id, size);
      const mid = await t.ctx.db
        .selectFrom('topics')
        .select(['id', 'updated_at'])
        .where('group_id', '=', g)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(Math.floor(size / 2))
        .limit(1)
        .executeTakeFirstOrThrow();
      const cursor = encodeCursor([mid.updated_at, mid.id]);
      const page = (q: string) => async () =>
        (await t.inject({ method: 'GET', url: `${T(g)}/get-not-delete-topics?limit=20&${q}`, token: user.token })).statusCode;
      out[size] = {
        first_page: await measure(page('orderBy=update&sortedBy=desc')),
        middle_page_by_cursor: await measure(page(`orderBy=update&sortedBy=desc&cursor=${cursor}`)),
        unread_first_page: await measure(page('orderBy=update&sortedBy=desc&unread_only=1')),
      };
    }
    // The title filter is a LIKE on the normalised title: it cannot use an index, so a rare term
    // reads the group's rows. Reported beside the keyset figures, not in their 2× check.
    const filtered: Record<string, unknown> = {};
    for (const size of SIZES) {
      const g = (
        await t.ctx.db
          .selectFrom('topics')
          .select('group_id')
          .where('title', '=', `トピック${String(size - 1).padStart(6, '0')}`)
          .executeTakeFirstOrThrow()
      ).group_id!;
      const page = (q: string) => async () =>
        (await t.inject({ method: 'GET', url: `${T(g)}/get-not-delete-topics?limit=20&${q}`, token: user.token })).statusCode;
      filtered[size] = {
        common_term: await measure(page(`title=${encodeURIComponent('トピック')}`)),
        rare_term: await measure(page(`title=${encodeURIComponent(String(size - 1).padStart(6, '0'))}`)),
      };
    }
    const small = out[SIZES[0]!] as Record<string, { p50_ms: number }>;
    const large = out[SIZES[1]!] as Record<string, { p50_ms: number }>;
    const ratio = Object.fromEntries(Object.keys(small).map((k) => [k, Math.round((large[k]!.p50_ms / small[k]!.p50_ms) * 100) / 100]));
    return {
      dialect,
      page_size: 20,
      sizes: out,
      p50_ratio_100k_to_1k: ratio,
      within_2x: Object.values(ratio).every((r) => r <= 2),
      title_filter: filtered,
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = [];
  for (const d of (process.env.BENCH_FEED_DIALECTS ?? 'sqlite,postgres').split(',') as TestDialect[]) results.push(await benchFeed(d));
  const json = JSON.stringify({ at: new Date().toISOString(), feed: results }, null, 2);
  console.log(json);
  if (process.argv[2]) fs.writeFileSync(process.argv[2], json);
}
