import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, HTML, multipart, PDF, PNG, storedFiles, SVG, upload, zipEntries, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('shared folder files (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let reader: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company, lastName: '佐藤', firstName: '花子' });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_shared_folder: 1 }],
      [reader.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token = reader.token) => t.inject({ method: 'GET', url, token });

  it('uploads with title and memo, lists with kind and read state, shows the detail', async () => {
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '見積書.pdf', data: PDF }], {
      title: '見積',
      memo: '最新版',
    });
    const list = (await get(`${G(g)}/share-folder`)).json().items;
    const row = list.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      title: '見積',
      name: '見積書.pdf',
      kind: 'pdf',
      size: PDF.length,
      is_read: false,
      uploader: '山田 太郎',
      version: 1,
    });
    expect((await get(`${G(g)}/share-folder`, editor.token)).json().items.data.find((r: { id: number }) => r.id === id).is_read).toBe(true);
    const unread = (await get(`${G(g)}/share-folder?unreadOnly=1`)).json().items.data.map((r: { id: number }) => r.id);
    expect(unread).toContain(id);
    await t.inject({ method: 'POST', url: `${G(g)}/mark-read-file/${id}`, token: reader.token });
    expect((await get(`${G(g)}/share-folder?unreadOnly=1`)).json().items.data.map((r: { id: number }) => r.id)).not.toContain(id);
    const detail = (await get(`${G(g)}/share-folder-file/${id}`)).json().items;
    expect(detail).toMatchObject({
      memo: '最新版',
      mime: 'application/pdf',
      can_preview: true,
      can_edit: false,
      is_read: true,
      history_count: 1,
    });
    const storage = (await get(`${G(g)}/share-folder-storage`)).json().items;
    expect(storage.group.used_bytes).toBeGreaterThanOrEqual(PDF.length);
    expect(storage.company.used_bytes).toBe(storage.group.used_bytes);
  });

  it('keeps the Japanese name in Content-Disposition and sends nosniff', async () => {
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '会議 資料(最終).pdf', data: PDF }]);
    const res = await get(`${G(g)}/share-folder-file/${id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const cd = String(res.headers['content-disposition']);
    expect(cd.startsWith('attachment;')).toBe(true);
    const star = /filename\*=UTF-8''([^;]+)/.exec(cd)![1]!;
    expect(decodeURIComponent(star)).toBe('会議 資料(最終).pdf');
    expect(/filename="([^"]*)"/.exec(cd)![1]).toMatch(/^[\x20-\x7e]+$/);
    const preview = await get(`${G(g)}/share-folder-file/${id}/preview`);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline;/);
  });

  it('serves single byte ranges so a video preview can seek', async () => {
    const clip = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(1000, 7)]);
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '説明.mp4', data: clip }]);
    const url = `${G(g)}/share-folder-file/${id}/preview`;
    const part = await t.inject({ method: 'GET', url, token: reader.token, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ftypisom');
    expect(part.headers['content-range']).toBe(`bytes 4-11/${clip.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    const tail = await t.inject({ method: 'GET', url, token: reader.token, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(clip.subarray(-5))).toBe(true);
    const beyond = await t.inject({ method: 'GET', url, token: reader.token, headers: { range: 'bytes=5000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${clip.length}`);
    const whole = await t.inject({ method: 'GET', url, token: reader.token });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(clip)).toBe(true);
  });

  it('judges the kind by content: HTML and SVG are never served inline, a fake PDF is other', async () => {
    const ids = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [
      { name: 'page.html', data: HTML, contentType: 'text/html' },
      { name: 'logo.svg', data: SVG, contentType: 'image/svg+xml' },
      { name: 'fake.pdf', data: HTML, contentType: 'application/pdf' },
      { name: 'photo.txt', data: PNG },
    ]);
    const kinds = [];
    for (const id of ids) {
      const d = (await get(`${G(g)}/share-folder-file/${id}`)).json().items;
      kinds.push(d.kind);
      for (const path of ['download', 'preview']) {
        const res = await get(`${G(g)}/share-folder-file/${id}/${path}`);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        if (d.kind !== 'image') {
          expect(res.headers['content-type']).toBe('application/octet-stream');
          expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
        }
      }
    }
    expect(kinds).toEqual(['other', 'other', 'other', 'image']);
    // HTML and SVG are never rendered into a thumbnail; PNG here is a header without a picture,
    // an image that cannot be decoded, so it has none either (thumbnails.test.ts has real ones).
    for (const id of [ids[0], ids[1], ids[3]]) expect((await get(`${G(g)}/share-folder-file/${id}/thumbnail`)).statusCode).toBe(404);
    expect((await get(`${G(g)}/share-folder-file/${ids[3]}/preview`)).headers['content-type']).toBe('image/png');
  });

  it('never uses the user name as a path: traversal, NUL, long and Unicode tricks', async () => {
    const long = `${'あ'.repeat(400)}.pdf`;
    const names = [
      '../../etc/passwd',
      '..\\..\\windows\\win.ini',
      long,
      'report\u202Efdp.exe',
      'ｶﾞ\u0301.pdf',
      '\u30AB\u3099.pdf',
      '..',
      '／etc／passwd',
    ];
    const ids = await upload(
      t,
      editor.token,
      `${G(g)}/share-folder-upload-file`,
      names.map((name) => ({ name, data: PDF })),
    );
    const stored = await t.ctx.db
      .selectFrom('files')
      .select(['id', 'original_name', 'storage_key'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const shown = stored.map((s) => s.original_name);
    expect(shown[0]).toBe('passwd');
    expect(shown[1]).toBe('win.ini');
    expect([...shown[2]!].length).toBe(255);
    expect(shown[2]!.endsWith('.pdf')).toBe(true);
    expect(shown[3]).toBe('reportfdp.exe');
    expect(shown[5]).toBe('\u30AC.pdf'); // NFC: カ + combining dakuten is ガ
    expect(shown[6]).toBe('file');
    expect(shown[7]).toBe('passwd');
    // A NUL is no name at all: the edge's text rule refuses it before anything is stored.
    const before = (await storedFiles(t)).length;
    const nul = await t.inject({
      method: 'POST',
      url: `${G(g)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart([{ name: 'a\u0000b.pdf', data: PDF }]),
    });
    expect(nul.statusCode).toBe(400);
    expect((await storedFiles(t)).length).toBe(before);
    for (const s of stored) expect(s.storage_key).toMatch(new RegExp(`^groups/${g}/files/[0-9a-f]{32}\\.[a-z0-9]+$`));
    for (const f of await storedFiles(t)) expect(f).not.toMatch(/passwd|win\.ini|\.\./);
  });

  it('overwrites into versions, keeps 3 earlier ones, restores and deletes history', async () => {
    const v = (n: number) => Buffer.from(`%PDF-1.4 version ${n}\n`);
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '計画.pdf', data: v(1) }]);
    const overwrite = (n: number) =>
      t.inject({
        method: 'POST',
        url: `${G(g)}/overwrite-file/${id}`,
        token: editor.token,
        ...multipart([{ name: `計画v${n}.pdf`, data: v(n) }]),
      });
    for (let n = 2; n <= 5; n++) expect((await overwrite(n)).statusCode).toBe(200);
    const usedAfter = (await get(`${G(g)}/share-folder-storage`)).json().items.group.used_bytes;
    let history = (await get(`${G(g)}/share-folder-history-file/${id}?limit=2`)).json().items;
    expect(history.total).toBe(4); // current + 3 earlier; version 1 is gone, bytes and all
    expect(history.last_page).toBe(2);
    expect(history.data.map((h: { version: number }) => h.version)).toEqual([5, 4]);
    expect(history.data[0].is_can_revert).toBe(false);
    history = (await get(`${G(g)}/share-folder-history-file/${id}?limit=10`)).json().items;
    const v2 = history.data.find((h: { version: number }) => h.version === 2);
    expect(v2).toBeDefined();

    // Restore version 2: its bytes become current as version 6.
    const reverted = await t.inject({ method: 'POST', url: `${G(g)}/revert-file/${id}/from-history/${v2.id}`, token: editor.token });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json().items).toMatchObject({ version: 6, name: '計画v2.pdf' });
    expect((await get(`${G(g)}/share-folder-file/${id}/download`)).rawPayload.equals(v(2))).toBe(true);
    history = (await get(`${G(g)}/share-folder-history-file/${id}`)).json().items;
    expect(history.data.map((h: { version: number; name: string }) => [h.version, h.name])).toEqual([
      [6, '計画v2.pdf'],
      [5, '計画v5.pdf'],
      [4, '計画v4.pdf'],
      [3, '計画v3.pdf'],
    ]);
    expect((await get(`${G(g)}/share-folder-storage`)).json().items.group.used_bytes).toBe(usedAfter);
    // An earlier version downloads by its history id.
    const v3 = history.data[3];
    expect((await get(`${G(g)}/share-folder-file/${id}/download?history_id=${v3.id}`)).rawPayload.equals(v(3))).toBe(true);

    // The current entry can be neither restored nor deleted; an earlier one can be deleted.
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${G(g)}/delete-file-history/${history.data[0].id}`,
          token: editor.token,
          payload: { file_id: id },
        })
      ).statusCode,
    ).toBe(400);
    const del = await t.inject({
      method: 'POST',
      url: `${G(g)}/delete-file-history/${v3.id}`,
      token: editor.token,
      payload: { file_id: id },
    });
    expect(del.statusCode).toBe(200);
    expect((await get(`${G(g)}/share-folder-storage`)).json().items.group.used_bytes).toBe(usedAfter - v(3).length);
    expect((await get(`${G(g)}/share-folder-history-file/${id}`)).json().items.total).toBe(3);
    // Version rows and stored bytes agree.
    const keys = await t.ctx.db.selectFrom('file_versions').select('storage_key').where('file_id', '=', id!).execute();
    const onDisk = await storedFiles(t);
    for (const k of keys) expect(onDisk).toContain(k.storage_key);
    expect(onDisk.filter((f) => !f.startsWith('.staging'))).toHaveLength(
      Number(
        (
          await t.ctx.db
            .selectFrom('file_versions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('zips several files, streamed, with their names', async () => {
    const ids = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [
      { name: '報告.pdf', data: PDF },
      { name: '報告.pdf', data: Buffer.from('%PDF-1.4 second\n') },
      { name: 'image.png', data: PNG },
    ]);
    const res = await t.inject({ method: 'POST', url: `${G(g)}/download-files`, token: reader.token, payload: { file_ids: ids } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['報告.pdf', '報告 (2).pdf', 'image.png']);
    expect(entries[0]!.data.equals(PDF)).toBe(true);
    expect(entries[2]!.data.equals(PNG)).toBe(true);
  });

  it('refuses a zip over 500 MB before sending anything', async () => {
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: 'big.pdf', data: PDF }]);
    await t.ctx.db
      .updateTable('files')
      .set({ size: 501 * 1024 * 1024 })
      .where('id', '=', id!)
      .execute();
    const res = await t.inject({ method: 'POST', url: `${G(g)}/download-files`, token: reader.token, payload: { file_ids: [id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_code).toBe('DOWNLOAD_OVER_LIMIT');
    await t.ctx.db.updateTable('files').set({ size: PDF.length }).where('id', '=', id!).execute();
  });
});
