/**
 * Search benchmark: p50/p95 of a search for a 2-character and a 4-character word in
 * a small and a large index, on SQLite and PostgreSQL; index size per 1 000 posts; and what
 * indexing adds to writing a topic. The target is 1 000 000 against 10 000 posts; filling a
 * million posts takes far longer than a bench run may on these shared 2-core machines, so the
 * default is 100 000 against 10 000 (BENCH_SEARCH_SIZES=10000,1000000 runs the full size).
 * Each measured word occurs in the same number of posts at every size, so the figures show the
 * index lookup, not the number of hits. Run: `node --import tsx
 * apps/api/bench/search.ts [out.json]` (e2e/bench/run.ts imports it).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { createTestApp, type TestDialect } from '../src/test/harness';
import { normalizeForSearch } from '../src/text/search';
import { actor, groupWith } from '../src/modules/groups/fixtures.test-util';
import { indexTopic, topicDoc } from '../src/kernel/search/documents';
import { writeDocuments } from '../src/kernel/search/indexer';
import { searchUrl } from '../src/modules/search/fixtures.test-util';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '10000,100000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 100);
const HITS = 20;
const WORDS = { two: '東京', four: '品質監査' };
// Filler: common kanji and kana, so the index has a realistic bigram vocabulary.
const FILLER = '本日の会議では来期の計画と予算について確認しました次回は担当者から進捗を報告します資料は共有フォルダにあります';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) * 100) / 100;
};

function text(i: number, every: number): string {
  const start = (i * 7) % FILLER.length;
  const body = (FILLER + FILLER).slice(start, start + 60);
  if (i % every === 0) return `${body}${WORDS.two}支社の${WORDS.four}結果`;
  return body;
}

export async function benchSearch(dialect: TestDialect) {
  const t = await createTestApp(dialect);
  try {
    const company = await t.createCompany();
    const user = await actor(t, { companyId: company });
    const out: Record<string, unknown> = {};
    let indexed = 0;
    for (const size of SIZES) {
      const g = await groupWith(t, company, [[user.id, { role_edit_topic: 1 }]]);
      const every = Math.floor(size / HITS);
      const at = t.clock();
      for (let start = 0; start < size; start += 1000) {
        await t.ctx.db.transaction().execute(async (trx) => {
          const rows = [];
          for (let i = start; i < Math.min(size, start + 1000); i++) {
            const title = `報告${i}`;
            rows.push({
              company_id: company,
              group_id: g,
              title,
              title_search: normalizeForSearch(title),
              content_html: '',
              content_text: text(i, every),
              author_id: user.id,
              updater_id: user.id,
              folder_id: null,
              in_bin: 0 as const,
              moved_to_bin_at: null,
              delivery_at: at - i,
              created_at: at - i,
              updated_at: at - i,
            });
          }
          const ids = await trx.insertInto('topics').values(rows).returning(['id', 'company_id', 'title', 'content_text']).execute();
          await writeDocuments(trx, ids.map(topicDoc));
        });
      }
      indexed += size;
      const run = (word: string) => async () => {
        const res = await t.inject({
          method: 'GET',
          url: searchUrl({ target_search: 1, keyword_search: word, target_group: g, limit: 20 }),
          token: user.token,
        });
        if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
        const total = (res.json() as { items: { total: number } }).items.total;
        if (total !== HITS) throw new Error(`expected ${HITS} hits, got ${total}`);
      };
      const result: Record<string, { p50_ms: number; p95_ms: number }> = {};
      for (const [name, word] of Object.entries(WORDS)) {
        const go = run(word);
        for (let i = 0; i < 10; i++) await go();
        const lat: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const t0 = performance.now();
          await go();
          lat.push(performance.now() - t0);
        }
        result[`${name}_chars`] = { p50_ms: pct(lat, 0.5), p95_ms: pct(lat, 0.95) };
      }
      out[size] = result;
    }
    const bytes =
      dialect === 'postgres'
        ? Number((await sql<{ n: number }>`select pg_total_relation_size('search_docs') as n`.execute(t.ctx.db)).rows[0]!.n)
        : Number(
            (
              await sql<{
                n: number;
              }>`select (select page_count from pragma_page_count()) * (select page_size from pragma_page_size()) as n`.execute(t.ctx.db)
            ).rows[0]!.n,
          );
    // What indexing adds to writing a topic: the same insert with and without indexTopic.
    const g = await groupWith(t, company, [[user.id, { role_edit_topic: 1 }]]);
    const write = (index: boolean) => async () => {
      const t0 = performance.now();
      await t.ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('topics')
          .values({
            company_id: company,
            group_id: g,
            title: '週報',
            title_search: '週報',
            content_html: '',
            content_text: text(1, 1).repeat(5),
            author_id: user.id,
            updater_id: user.id,
            folder_id: null,
            delivery_at: 1,
            moved_to_bin_at: null,
            created_at: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (index) await indexTopic(trx, row.id);
      });
      return performance.now() - t0;
    };
    const plain: number[] = [];
    const withIndex: number[] = [];
    for (let i = 0; i < 200; i++) {
      plain.push(await write(false)());
      withIndex.push(await write(true)());
    }
    const small = out[SIZES[0]!] as Record<string, { p50_ms: number }>;
    const large = out[SIZES.at(-1)!] as Record<string, { p50_ms: number }>;
    const ratio = Object.fromEntries(Object.keys(small).map((k) => [k, Math.round((large[k]!.p50_ms / small[k]!.p50_ms) * 100) / 100]));
    return {
      dialect,
      hits_per_word: HITS,
      sizes: out,
      [`p50_ratio_${SIZES.at(-1)}_to_${SIZES[0]}`]: ratio,
      within_2x: Object.values(ratio).every((r) => r <= 2),
      // The whole database file on SQLite (the FTS5 index is most of it); search_docs with its GIN index on PostgreSQL.
      index_kb_per_1000_posts: Math.round(bytes / 1024 / (indexed / 1000)),
      write_topic_p50_ms: {
        without_index: pct(plain, 0.5),
        with_index: pct(withIndex, 0.5),
        ratio: Math.round((pct(withIndex, 0.5) / pct(plain, 0.5)) * 100) / 100,
      },
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = [];
  for (const d of (process.env.BENCH_SEARCH_DIALECTS ?? 'sqlite,postgres').split(',') as TestDialect[]) results.push(await benchSearch(d));
  const json = JSON.stringify({ at: new Date().toISOString(), search: results }, null, 2);
  console.log(json);
  if (process.argv[2]) fs.writeFileSync(process.argv[2], json);
}
