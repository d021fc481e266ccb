import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, M, multipart, PDF, PNG, storedFiles, upload, type Actor } from './fixtures.test-util';
import { renderThumbnail, THUMB_EDGE } from './thumbnails';

const GB = 1024 ** 3;
const jpeg = (width: number, height: number, colour = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Every key the database says is stored (originals and thumbnails of every version). */
async function ownedKeys(t: TestApp): Promise<string[]> {
  const rows = await t.ctx.db.selectFrom('file_versions').select(['storage_key', 'thumb_key']).execute();
  return rows.flatMap((r) => (r.thumb_key ? [r.storage_key, r.thumb_key] : [r.storage_key])).sort();
}

describe('renderThumbnail', () => {
  it('fits an image inside the edge without enlarging, as WebP', async () => {
    const wide = await renderThumbnail(await jpeg(1200, 600));
    expect(await sharp(wide!).metadata()).toMatchObject({ format: 'webp', width: THUMB_EDGE, height: THUMB_EDGE / 2 });
    const small = await renderThumbnail(pngImage(100, 50));
    expect(await sharp(small!).metadata()).toMatchObject({ format: 'webp', width: 100, height: 50 });
  });

  it('gives null, never an exception, for bytes it cannot decode', async () => {
    expect(await renderThumbnail(PNG)).toBeNull(); // a PNG header with no picture
    expect(await renderThumbnail(Buffer.from('not an image'))).toBeNull();
    const truncated = await jpeg(800, 600);
    expect(await renderThumbnail(truncated.subarray(0, truncated.length / 3))).toBeNull();
    // A header claiming 60 000 × 60 000 pixels is refused before anything is decoded.
    const bomb = pngImage(1, 1);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    expect(await renderThumbnail(bomb)).toBeNull();
  });
});

describe.each(DIALECTS)('image thumbnails (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let reader: Actor;
  let outsider: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_shared_folder: 1 }],
      [reader.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string = reader.token) => t.inject({ method: 'GET', url, token });
  const row = async (id: number) => (await get(`${G(g)}/share-folder`)).json().items.data.find((r: { id: number }) => r.id === id);
  const thumbOf = async (id: number) =>
    (await t.ctx.db.selectFrom('files').select('thumb_key').where('id', '=', id).executeTakeFirstOrThrow()).thumb_key;

  it('makes a thumbnail on upload, lists it and serves it inline with nosniff', async () => {
    const [photo, doc, broken] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [
      { name: '現場写真.jpg', data: await jpeg(1600, 1200) },
      { name: '資料.pdf', data: PDF },
      { name: '壊れた.png', data: PNG },
    ]);
    expect(await row(photo!)).toMatchObject({ kind: 'image', has_thumbnail: true });
    expect(await row(doc!)).toMatchObject({ kind: 'pdf', has_thumbnail: false });
    // A corrupt image is still stored and listed, only without a thumbnail.
    expect(await row(broken!)).toMatchObject({ kind: 'image', has_thumbnail: false });
    expect((await get(`${G(g)}/share-folder-file/${photo}`)).json().items.has_thumbnail).toBe(true);

    const res = await get(`${G(g)}/share-folder-file/${photo}/thumbnail`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))![1]!)).toBe('現場写真.webp');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 240, height: 180 });

    for (const id of [doc, broken]) {
      const none = await get(`${G(g)}/share-folder-file/${id}/thumbnail`);
      expect(none.statusCode).toBe(404);
      expect(none.json().status_code).toBe('FILE_NOT_FOUND');
    }
    // Stored under a generated name next to the originals, never the user's name.
    expect(await thumbOf(photo!)).toMatch(new RegExp(`^groups/${g}/files/[0-9a-f]{32}\\.webp$`));
    expect((await storedFiles(t)).sort()).toEqual(await ownedKeys(t));
  });

  it('is authorised like the file: 401, other group 404, another group’s file 404 whatever ids come with it', async () => {
    const [photo] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: 'a.png', data: pngImage(300, 300) }]);
    expect((await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${photo}/thumbnail` })).statusCode).toBe(401);
    const notMember = await get(`${G(g)}/share-folder-file/${photo}/thumbnail`, outsider.token);
    expect([notMember.statusCode, notMember.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);
    expect((await get(`${G(g)}/share-folder-file/${photo}/thumbnail`, editor.token)).statusCode).toBe(200);

    // The outsider administers a group of their own with an image in it.
    const theirs = await groupWith(t, company, [
      [outsider.id, { role_admin: 1 }],
      [editor.id, { role_admin: 1 }],
    ]);
    const [their] = await upload(t, outsider.token, `${G(theirs)}/share-folder-upload-file`, [{ name: 'b.png', data: pngImage(300, 300) }]);
    for (const token of [reader.token, editor.token]) {
      const cross = await get(`${G(g)}/share-folder-file/${their}/thumbnail`, token);
      expect([cross.statusCode, cross.json().status_code]).toEqual([404, 'FILE_NOT_FOUND']);
    }
    const reader2 = await get(`${G(theirs)}/share-folder-file/${their}/thumbnail`, reader.token);
    expect(reader2.statusCode).toBe(404);
    const bad = await get(`${G(g)}/share-folder-file/abc/thumbnail`);
    expect(bad.statusCode).toBe(400);
  });

  it('follows versions: overwrite, restore, dropped and deleted versions take their thumbnails along', async () => {
    const colours = ['#ff0000', '#00ff00', '#ffff00', '#00ffff'];
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [
      { name: 'v1.jpg', data: await jpeg(600, 300, colours[0]) },
    ]);
    const firstThumb = await thumbOf(id!);
    const overwrite = async (data: Buffer, name: string) =>
      t.inject({ method: 'POST', url: `${G(g)}/overwrite-file/${id}`, token: editor.token, ...multipart([{ name, data }]) });
    expect((await overwrite(await jpeg(600, 300, colours[1]), 'v2.jpg')).statusCode).toBe(200);
    const secondThumb = await thumbOf(id!);
    expect(secondThumb).not.toBe(firstThumb);
    expect(await storedFiles(t)).toContain(firstThumb);

    // A PDF as the new version: the file has no thumbnail while it is current.
    expect((await overwrite(PDF, 'v3.pdf')).statusCode).toBe(200);
    expect(await thumbOf(id!)).toBeNull();
    expect((await get(`${G(g)}/share-folder-file/${id}/thumbnail`)).statusCode).toBe(404);

    const history = (await get(`${G(g)}/share-folder-history-file/${id}`)).json().items.data as { id: number; version: number }[];
    const v2 = history.find((h) => h.version === 2)!;
    expect(
      (await t.inject({ method: 'POST', url: `${G(g)}/revert-file/${id}/from-history/${v2.id}`, token: editor.token })).statusCode,
    ).toBe(200);
    expect(await thumbOf(id!)).toBe(secondThumb);
    expect((await row(id!)).has_thumbnail).toBe(true);
    const served = await get(`${G(g)}/share-folder-file/${id}/thumbnail`);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(200); // green: version 2's picture

    // Two more versions push version 1 (and its thumbnail) out of the three restorable ones.
    expect((await overwrite(await jpeg(600, 300, colours[2]), 'v5.jpg')).statusCode).toBe(200);
    expect((await overwrite(await jpeg(600, 300, colours[3]), 'v6.jpg')).statusCode).toBe(200);
    expect(await storedFiles(t)).not.toContain(firstThumb);
    expect((await storedFiles(t)).sort()).toEqual(await ownedKeys(t));

    const earlier = (await get(`${G(g)}/share-folder-history-file/${id}`))
      .json()
      .items.data.filter((h: { is_current: boolean }) => !h.is_current);
    const doomed = await t.ctx.db.selectFrom('file_versions').select('thumb_key').where('id', '=', earlier[0].id).executeTakeFirstOrThrow();
    expect(doomed.thumb_key).not.toBeNull();
    const del = await t.inject({
      method: 'POST',
      url: `${G(g)}/delete-file-history/${earlier[0].id}`,
      token: editor.token,
      payload: { file_id: id },
    });
    expect(del.statusCode).toBe(200);
    expect(await storedFiles(t)).not.toContain(doomed.thumb_key);

    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: editor.token, payload: { file_ids: [id] } });
    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: editor.token, payload: { file_ids: [id], delete_mode: 2 } });
    expect((await storedFiles(t)).sort()).toEqual(await ownedKeys(t));
    expect((await storedFiles(t)).some((k) => k === secondThumb)).toBe(false);
  });

  it('a refused upload leaves no thumbnail behind, staged or stored', async () => {
    const full = await groupWith(t, company, [[editor.id, { role_edit_shared_folder: 1 }]]);
    await t.ctx.db
      .updateTable('groups')
      .set({ storage_capacity_gb: 1, storage_used_bytes: GB - 100 })
      .where('id', '=', full)
      .execute();
    const before = await storedFiles(t);
    const res = await t.inject({
      method: 'POST',
      url: `${G(full)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart([{ name: '大きい.jpg', data: await jpeg(800, 800) }]),
    });
    expect([res.statusCode, res.json().status_code]).toEqual([400, 'EXCEED_GROUP_STORAGE_CAPACITY']);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('common files get thumbnails too, only for their own company', async () => {
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', editor.id).execute();
    const [id] = await upload(t, editor.token, `${M}/common-share-folder-upload-file`, [{ name: '全社.png', data: pngImage(500, 250) }]);
    const res = await get(`${M}/common-share-folder-file/${id}/thumbnail`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 240, height: 120 });
    const stranger = await actor(t);
    expect((await get(`${M}/common-share-folder-file/${id}/thumbnail`, stranger.token)).statusCode).toBe(404);
    // A group file id through the common route is not a common file.
    const [groupFile] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: 'g.png', data: pngImage(300, 300) }]);
    expect((await get(`${M}/common-share-folder-file/${groupFile}/thumbnail`)).statusCode).toBe(404);
  });
});
