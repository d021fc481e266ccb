import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { normalizeForSearch } from '../../text/search';
import { actor, find, groupWith, keys, searchUrl, type Actor } from './fixtures.test-util';
import { indexComment, indexFile, indexTopic } from '../../kernel';

const WORD = '機密計画';

/**
 * Who finds what: every row below holds WORD; only the caller's readable ones may come back
 * (and be counted). Rows are written straight to the tables and indexed through the same hooks
 * the modules call, so each case states one read rule.
 */
describe.each(DIALECTS)('search authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let other: Actor;
  const id: Record<string, number> = {};
  const g: Record<string, number> = {};

  async function topic(
    name: string,
    o: { group: number | null; company?: number; author?: number; bin?: 0 | 1; delivery?: number; to?: number[] },
  ) {
    const now = t.clock();
    const title = `${WORD} ${name}`;
    await t.ctx.db.transaction().execute(async (trx: Kysely<DB>) => {
      const row = await trx
        .insertInto('topics')
        .values({
          company_id: o.company ?? me.companyId,
          group_id: o.group,
          title,
          title_search: normalizeForSearch(title),
          content_html: '',
          content_text: '本文',
          author_id: o.author ?? other.id,
          updater_id: null,
          folder_id: null,
          in_bin: o.bin ?? 0,
          moved_to_bin_at: null,
          delivery_at: o.delivery ?? now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const d of o.to ?? []) await trx.insertInto('topic_destinations').values({ topic_id: row.id, group_id: d }).execute();
      await indexTopic(trx, row.id);
      id[name] = row.id;
    });
    return id[name]!;
  }

  async function comment(name: string, topicId: number) {
    const now = t.clock();
    await t.ctx.db.transaction().execute(async (trx: Kysely<DB>) => {
      const row = await trx
        .insertInto('topic_comments')
        .values({
          topic_id: topicId,
          parent_id: null,
          author_id: other.id,
          content_html: '',
          content_text: `${WORD}について`,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await indexComment(trx, row.id);
      id[name] = row.id;
    });
  }

  async function file(name: string, o: { group: number | null; company?: number; bin?: 0 | 1; topic?: number }) {
    const now = t.clock();
    await t.ctx.db.transaction().execute(async (trx: Kysely<DB>) => {
      const row = await trx
        .insertInto('files')
        .values({
          company_id: o.company ?? me.companyId,
          group_id: o.group,
          folder_id: null,
          topic_id: o.topic ?? null,
          is_attachment: o.topic ? 1 : 0,
          title: `${WORD}${name}.pdf`,
          original_name: `${name}.pdf`,
          storage_key: `k-${name}-${Math.random()}`,
          size: 1,
          kind: 'pdf',
          mime: 'application/pdf',
          creator_id: other.id,
          updater_id: other.id,
          uploader_id: other.id,
          in_bin: o.bin ?? 0,
          moved_to_bin_at: null,
          thumb_key: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await indexFile(trx, row.id);
      id[name] = row.id;
    });
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    other = await actor(t, { companyId: company });
    g.mine = await groupWith(t, company, [
      [me.id, {}],
      [other.id, { role_admin: 1 }],
    ]);
    g.notMine = await groupWith(t, company, [[other.id, { role_admin: 1 }]]);
    g.left = await groupWith(t, company, [
      [me.id, {}],
      [other.id, { role_admin: 1 }],
    ]);
    g.stopped = await groupWith(t, company, [
      [me.id, {}],
      [other.id, { role_admin: 1 }],
    ]);
    const otherCompany = await t.createCompany();
    const stranger = await t.createUser({ companyId: otherCompany });
    g.foreign = await groupWith(t, otherCompany, [[stranger.id, { role_admin: 1 }]]);

    const visible = await topic('visible', { group: g.mine });
    await topic('binned', { group: g.mine, bin: 1 });
    await topic('scheduled', { group: g.mine, delivery: t.clock() + 86_400_000 });
    await topic('myScheduled', { group: g.mine, author: me.id, delivery: t.clock() + 86_400_000 });
    const hidden = await topic('notMine', { group: g.notMine });
    await topic('left', { group: g.left });
    await topic('stopped', { group: g.stopped });
    await topic('foreign', { group: g.foreign, company: otherCompany, author: stranger.id });
    await topic('commonToMine', { group: null, to: [g.mine] });
    await topic('commonElsewhere', { group: null, to: [g.notMine] });
    await topic('commonByMe', { group: null, author: me.id, to: [g.notMine] });
    await topic('commonToStopped', { group: null, to: [g.stopped] });
    await comment('commentVisible', visible);
    await comment('commentHidden', hidden);
    await comment('commentInBin', id.binned!);
    await file('fileMine', { group: g.mine });
    await file('fileNotMine', { group: g.notMine });
    await file('fileBinned', { group: g.mine, bin: 1 });
    await file('fileCommon', { group: null });
    await file('fileForeignCommon', { group: null, company: otherCompany });
    await file('attachScheduled', { group: g.mine, topic: id.scheduled });
    await file('attachVisible', { group: g.mine, topic: visible });
    await file('attachCommonElsewhere', { group: null, topic: id.commonElsewhere });
    // Leaving and stopping happen after the rows were indexed: read rights are checked now.
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', g.left).where('user_id', '=', me.id).execute();
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', g.stopped).execute();
  });
  afterAll(() => t.close());

  it('returns and counts only the topics and comments the caller may read now', async () => {
    const r = await find(t, me.token, WORD);
    expect(keys(r).sort()).toEqual(
      ['topic:visible', 'topic:commonToMine', 'topic:commonByMe', 'comment:commentVisible']
        .map((k) => `${k.split(':')[0]}:${id[k.split(':')[1]!]}`)
        .sort(),
    );
    expect(r.total).toBe(4);
  });

  it('returns only readable files: own groups, common, attachments of readable topics', async () => {
    const r = await find(t, me.token, WORD, { target_search: 4 });
    expect(keys(r).sort()).toEqual(['fileMine', 'fileCommon', 'attachVisible'].map((k) => `file:${id[k]}`).sort());
    expect(r.total).toBe(3);
  });

  it('a group filter narrows to that group and must be one of the caller’s groups', async () => {
    const r = await find(t, me.token, WORD, { target_group: g.mine });
    expect(keys(r).sort()).toEqual([`topic:${id.visible}`, `comment:${id.commentVisible}`].sort());
    for (const other of [g.notMine, g.left, g.foreign]) {
      const res = await t.inject({
        method: 'GET',
        url: searchUrl({ target_search: 1, keyword_search: WORD, target_group: other }),
        token: me.token,
      });
      expect(res.statusCode).toBe(404);
    }
    const stopped = await t.inject({
      method: 'GET',
      url: searchUrl({ target_search: 1, keyword_search: WORD, target_group: g.stopped }),
      token: me.token,
    });
    expect(stopped.statusCode).toBe(404);
  });

  it('the other member sees their own groups’ rows, never the left or foreign ones', async () => {
    const r = await find(t, other.token, WORD, { time_range: 4 });
    expect(keys(r)).toContain(`topic:${id.notMine}`);
    expect(keys(r)).toContain(`topic:${id.left}`);
    expect(keys(r)).not.toContain(`topic:${id.foreign}`);
    expect(keys(r)).not.toContain(`topic:${id.binned}`);
  });

  it('asks for a login', async () => {
    const res = await t.inject({ method: 'GET', url: searchUrl({ target_search: 1, keyword_search: WORD }) });
    expect(res.statusCode).toBe(401);
  });

  it('chat and calendar targets answer (empty until their domains register a source)', async () => {
    for (const target of [2, 3]) expect((await find(t, me.token, WORD, { target_search: target })).total).toBe(0);
  });
});
