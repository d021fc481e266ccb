import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHED } from '../../db/migrations/0024_comment_unread_scopes';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { unreadSources } from '../../kernel';

/**
 * Trigger coverage of the stored unread counts (unread-store.ts): every table a source's `rows`
 * query reads must bump a generation on insert, delete and on update of every column the query
 * tests, or a stored count could outlive the write. Read from the sources' compiled SQL, so a
 * source that starts reading a new table or column fails here until migration 0022's list (or a
 * later migration) watches it.
 */

/** Columns a count never depends on: keys that never change and the sort time (`at`). */
function unwatchable(sqlText: string): Set<string> {
  const out = new Set<string>();
  for (const m of sqlText.matchAll(/"(\w+)"\."(\w+)" as "(at|target_id)"/g)) out.add(`${m[1]}.${m[2]}`);
  return out;
}

function readsOf(sqlText: string): Map<string, Set<string>> {
  const aliases = new Map<string, Set<string>>();
  for (const m of sqlText.matchAll(/(?:from|join) "(\w+)"(?: as "(\w+)")?/g)) {
    const alias = m[2] ?? m[1]!;
    aliases.set(alias, new Set([...(aliases.get(alias) ?? []), m[1]!]));
  }
  const skip = unwatchable(sqlText);
  const reads = new Map<string, Set<string>>();
  for (const tables of aliases.values()) for (const table of tables) reads.set(table, reads.get(table) ?? new Set());
  for (const m of sqlText.matchAll(/"(\w+)"\."(\w+)"/g)) {
    if (m[2] === 'id' || skip.has(`${m[1]}.${m[2]}`)) continue;
    for (const table of aliases.get(m[1]!) ?? []) reads.get(table)!.add(m[2]!);
  }
  return reads;
}

describe.each(DIALECTS)('unread generation triggers (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('watch every table and count-relevant column the unread sources read', async () => {
    const viewer = { id: 1, companyId: 1 };
    const watched = new Map(WATCHED.map((w) => [w.table, new Set(w.columns)]));
    const sources = unreadSources();
    expect(sources.length).toBeGreaterThanOrEqual(8);
    const tablesRead = new Set<string>();
    for (const s of sources) {
      for (const unreadOnly of [true, false]) {
        const text = s.rows(t.ctx, viewer, { unreadOnly }).compile().sql;
        for (const [table, cols] of readsOf(text)) {
          tablesRead.add(table);
          expect(watched.has(table), `source ${s.type} reads ${table}`).toBe(true);
          for (const col of cols) expect(watched.get(table)!.has(col), `source ${s.type} tests ${table}.${col}`).toBe(true);
        }
      }
    }
    // The built-in, chat and saved-search sources between them read all of these.
    for (const table of [
      'topics',
      'topic_comments',
      'files',
      'topic_reads',
      'comment_reads',
      'file_reads',
      'group_members',
      'groups',
      'topic_destinations',
      'chats',
      'chat_members',
      'chat_messages',
      'saved_searches',
    ]) {
      expect(tablesRead.has(table), table).toBe(true);
    }
  });

  it('has the insert, delete and update-of-columns triggers in the database', async () => {
    for (const w of WATCHED) {
      if (dialect === 'postgres') {
        const events = await sql<{
          event_manipulation: string;
        }>`select event_manipulation from information_schema.triggers where event_object_table = ${w.table} and trigger_name like 'unread_gen_%'`.execute(
          t.ctx.db,
        );
        expect(new Set(events.rows.map((r) => r.event_manipulation)), w.table).toEqual(new Set(['INSERT', 'DELETE', 'UPDATE']));
        const cols = await sql<{
          event_object_column: string;
        }>`select event_object_column from information_schema.triggered_update_columns where event_object_table = ${w.table} and trigger_name like 'unread_gen_%'`.execute(
          t.ctx.db,
        );
        expect(new Set(cols.rows.map((r) => r.event_object_column)), w.table).toEqual(new Set(w.columns));
      } else {
        const rows = await sql<{
          name: string;
          sql: string;
        }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name = ${w.table} and name like 'unread_gen_%'`.execute(
          t.ctx.db,
        );
        expect(rows.rows.map((r) => r.name).sort(), w.table).toEqual(['ins', 'del', 'upd'].map((e) => `unread_gen_${w.table}_${e}`).sort());
        const upd = rows.rows.find((r) => r.name.endsWith('_upd'))!.sql;
        expect(upd).toContain(`AFTER UPDATE OF ${w.columns.join(', ')} ON ${w.table}`);
      }
    }
  });

  it('bumps in the writing statement, also for writes that bypass the API', async () => {
    const gen = async (scope: string) =>
      Number((await t.ctx.db.selectFrom('unread_generations').select('gen').where('scope', '=', scope).executeTakeFirst())?.gen ?? 0);
    const company = await t.createCompany();
    const user = await t.createUser({ companyId: company });
    const group = await t.createGroup(company);
    const [ug, uc, g] = [`ug:${user.id}:${group}`, `uc:${user.id}`, `g:${group}`];
    const before = { ug: await gen(ug), uc: await gen(uc), g: await gen(g) };
    await t.addMember(group, user.id);
    expect(await gen(ug), `ug ${before.ug}`).toBe(before.ug + 1);
    expect(await gen(uc), `uc ${before.uc}`).toBe(before.uc + 1);
    // A column no source tests changes nothing.
    await t.ctx.db.updateTable('groups').set({ name: '改名' }).where('id', '=', group).execute();
    expect(await gen(g), `name change`).toBe(before.g);
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', group).execute();
    expect(await gen(g)).toBe(before.g + 1);
    expect(await gen(`c:${company}`)).toBeGreaterThan(0);
  });

  it("bumps a comment's concerned people only: topic author, parent author, its own author", async () => {
    const gen = async (scope: string) =>
      Number((await t.ctx.db.selectFrom('unread_generations').select('gen').where('scope', '=', scope).executeTakeFirst())?.gen ?? 0);
    const company = await t.createCompany();
    const [author, parent, replier, bystander] = [
      await t.createUser({ companyId: company }),
      await t.createUser({ companyId: company }),
      await t.createUser({ companyId: company }),
      await t.createUser({ companyId: company }),
    ];
    const group = await t.createGroup(company);
    for (const u of [author, parent, replier, bystander]) await t.addMember(group, u.id);
    const now = t.clock();
    const topic = (
      await t.ctx.db
        .insertInto('topics')
        .values({
          company_id: company,
          group_id: group,
          author_id: author.id,
          title: 'T',
          content_html: '',
          content_text: '',
          delivery_at: now,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const addComment = async (by: number, parentId: number | null) =>
      (
        await t.ctx.db
          .insertInto('topic_comments')
          .values({
            topic_id: topic,
            parent_id: parentId,
            author_id: by,
            content_html: '',
            content_text: '',
            is_anonymous: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const scopes = [`g:${group}`, ...[author, parent, replier, bystander].map((u) => `ug:${u.id}:${group}`)];
    const snapshot = async () => Object.fromEntries(await Promise.all(scopes.map(async (s) => [s, await gen(s)] as const)));
    const root = await addComment(parent.id, null);
    let before = await snapshot();
    await addComment(replier.id, root);
    let after = await snapshot();
    // The reply concerns the topic's author, the parent's author and its own; the group and a bystander keep theirs.
    expect(after[`g:${group}`]).toBe(before[`g:${group}`]);
    expect(after[`ug:${bystander.id}:${group}`]).toBe(before[`ug:${bystander.id}:${group}`]);
    for (const u of [author, parent, replier])
      expect(after[`ug:${u.id}:${group}`], `ug of ${u.id}`).toBe(before[`ug:${u.id}:${group}`]! + 1);
    // A rewritten author concerns both authors (the root's old and new author are its replies' parent authors).
    before = after;
    await t.ctx.db.updateTable('topic_comments').set({ author_id: bystander.id }).where('id', '=', root).execute();
    after = await snapshot();
    expect(after[`ug:${bystander.id}:${group}`]).toBeGreaterThan(before[`ug:${bystander.id}:${group}`]!);
    expect(after[`ug:${parent.id}:${group}`]).toBeGreaterThan(before[`ug:${parent.id}:${group}`]!);
    expect(after[`ug:${replier.id}:${group}`]).toBe(before[`ug:${replier.id}:${group}`]);
    expect(after[`g:${group}`]).toBe(before[`g:${group}`]);
  });
});
