import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import * as m0006 from './migrations/0006_topic_search_mail';

describe.each(DIALECTS)('migration 0006_topic_search_mail (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('backfills the normalised title of topics written before it, in batches', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const company = await t.createCompany();
    const group = await t.createGroup(company);
    // Back to the schema before 0006, with rows written by the old code.
    await m0006.down(db);
    const titles = ['週報', 'ﾃｽﾄ計画', 'ＡＢＣ会議', ...Array.from({ length: 520 }, (_, i) => `トピック${i}`)];
    const at = t.clock();
    for (let i = 0; i < titles.length; i += 200) {
      await db
        .insertInto('topics')
        .values(
          titles.slice(i, i + 200).map((title) => ({
            company_id: company,
            group_id: group,
            title,
            content_html: '',
            content_text: '',
            author_id: null,
            updater_id: null,
            folder_id: null,
            delivery_at: at,
            moved_to_bin_at: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    await m0006.up(db);
    const rows = await t.ctx.db.selectFrom('topics').select(['title', 'title_search']).where('group_id', '=', group).execute();
    const byTitle = new Map(rows.map((r) => [r.title, r.title_search]));
    expect(byTitle.get('週報')).toBe('週報');
    expect(byTitle.get('ﾃｽﾄ計画')).toBe('てすと計画');
    expect(byTitle.get('ＡＢＣ会議')).toBe('abc会議');
    expect(byTitle.get('トピック519')).toBe('とぴっく519');
    expect(rows.every((r) => r.title_search !== '')).toBe(true);
    // The send log is back too.
    await t.ctx.db.selectFrom('topic_mail_sends').selectAll().execute();
  });
});
