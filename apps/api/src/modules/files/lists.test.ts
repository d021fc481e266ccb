import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, PDF, upload, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('shared folder lists, folders and moves (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let admin: Actor;
  let g: number;
  let ids: number[];
  let folder: number;
  let attachment: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    admin = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_shared_folder: 1 }],
      [admin.id, { role_admin: 1 }],
    ]);
    ids = [];
    for (const name of ['ウ.pdf', 'ア.pdf', 'イ.pdf', 'エ.pdf', 'オ.pdf']) {
      ids.push(...(await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name, data: PDF }])));
      t.clock.advance(1000);
    }
    folder = (
      await t.inject({
        method: 'POST',
        url: `${G(g)}/share-folder/folders/create`,
        token: editor.token,
        payload: { folder_name: '契約書' },
      })
    ).json().items.id;
    // A topic attachment (the topic engine stores these; here straight in the table).
    const src = await t.ctx.db.selectFrom('files').selectAll().where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = src;
    attachment = (
      await t.ctx.db
        .insertInto('files')
        .values({
          ...rest,
          is_attachment: 1,
          title: '添付.pdf',
          storage_key: `${src.storage_key}x`,
          created_at: t.clock(),
          updated_at: t.clock(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db.insertInto('file_reads').values({ file_id: attachment, user_id: editor.id, created_at: t.clock() }).execute();
  });
  afterAll(() => t.close());

  const list = async (path: string, token = editor.token) => {
    const res = await t.inject({ method: 'GET', url: `${G(g)}/${path}`, token });
    expect(res.statusCode, path).toBe(200);
    return res.json().items as { data: { id: number; title: string }[]; has_more: boolean; next_cursor: string | null };
  };

  it('sorts by title and update both ways, with keyset and numbered pages', async () => {
    const titles = async (q: string) => (await list(`share-folder?${q}`)).data.map((r) => r.title);
    expect(await titles('orderBy=title&sortedBy=asc&limit=10')).toEqual(['ア.pdf', 'イ.pdf', 'ウ.pdf', 'エ.pdf', 'オ.pdf', '添付.pdf']);
    expect(await titles('orderBy=update&sortedBy=desc&limit=3')).toEqual(['添付.pdf', 'オ.pdf', 'エ.pdf']);
    const first = await list('share-folder?orderBy=title&sortedBy=desc&limit=2');
    expect(first.has_more).toBe(true);
    const second = await list(`share-folder?orderBy=title&sortedBy=desc&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((r) => r.title)).toEqual(['エ.pdf', 'ウ.pdf']);
    expect((await list('share-folder?orderBy=title&sortedBy=desc&limit=2&page=2')).data.map((r) => r.title)).toEqual(['エ.pdf', 'ウ.pdf']);
    expect(
      (await t.inject({ method: 'GET', url: `${G(g)}/share-folder?cursor=bogus&orderBy=title`, token: editor.token })).statusCode,
    ).toBe(400);
  });

  it('moves between folder, unclassified and bin; attachments stay put; admin empties the bin', async () => {
    const move = (path: string, payload: unknown, token = editor.token) =>
      t.inject({ method: 'POST', url: `${G(g)}/${path}`, token, payload: payload as never });
    expect((await move('move-file-to-other-folder', { file_ids: [ids[0], ids[1]], folder_id: folder })).json().items.count).toBe(2);
    expect((await list(`share-folder-file-by-folder/${folder}`)).data.map((r) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await list('share-folder-unclassified-file')).data.map((r) => r.id).sort()).toEqual([ids[2], ids[3], ids[4]].sort());
    expect((await list('share-folder-attach-file')).data.map((r) => r.id)).toEqual([attachment]);
    const folders = (await t.inject({ method: 'GET', url: `${G(g)}/share-folder/folders`, token: editor.token })).json().items;
    expect(folders).toEqual([{ id: folder, name: '契約書', file_count: 2 }]);

    for (const [path, payload] of [
      ['move-file-to-other-folder', { file_ids: [attachment], folder_id: folder }],
      ['move-file-to-unclassified', { file_ids: [ids[2], attachment] }],
      ['delete-file', { file_ids: [attachment] }],
    ] as const) {
      const res = await move(path, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().status_code).toBe('ATTACH_FOLDER_FILE_NOT_MOVABLE');
    }

    expect((await move('delete-file', { file_ids: [ids[0], ids[2]] })).json().items.count).toBe(2);
    expect((await list('share-folder-file-in-bin')).data.map((r) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    const counts = (await t.inject({ method: 'GET', url: `${G(g)}/count-share-folder`, token: editor.token })).json().items;
    expect(counts).toEqual({ all: 4, unread: 0, unclassified: 2, attachments: 1, in_bin: 2 });
    // Out of the bin again, then back in; a live file cannot be deleted for good.
    expect((await move('move-file-to-unclassified', { file_ids: [ids[2]] })).json().items.count).toBe(1);
    expect((await move('delete-file', { file_ids: [ids[2]], delete_mode: 2 })).statusCode).toBe(404);
    await move('delete-file', { file_ids: [ids[2]] });

    // Deleting the folder keeps its files (unclassified now).
    expect((await move('share-folder/folders/delete', { folder_id: folder })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${ids[1]}`, token: editor.token })).json().items.folder_id,
    ).toBeNull();

    expect((await move('empty-share-folder-bin', {})).statusCode).toBe(403);
    const emptied = await move('empty-share-folder-bin', { group_id: g }, admin.token);
    expect(emptied.json().items.count).toBe(2);
    expect((await list('share-folder-file-in-bin')).data).toEqual([]);
  });

  it('edits title and memo with section-5 validation', async () => {
    const url = `${G(g)}/update-info-file/${ids[3]}`;
    const ok = await t.inject({ method: 'POST', url, token: editor.token, payload: { title: '議事録（確定）', memo: '第3回' } });
    expect(ok.json().items).toMatchObject({ title: '議事録（確定）', memo: '第3回', updater: { id: editor.id, name: '山田 太郎' } });
    const empty = await t.inject({ method: 'POST', url, token: editor.token, payload: { title: '', memo: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.title).toContain('validation.required');
    const long = await t.inject({ method: 'POST', url, token: editor.token, payload: { title: 'あ'.repeat(256) } });
    expect(long.statusCode).toBe(400);
  });
});
