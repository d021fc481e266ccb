import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { storedFiles } from '../files/testing';
import { actor, API, cid, createChat, groupWith, multipart, PDF, send, zipEntries, type Actor } from './fixtures.test-util';

const MB = 1024 * 1024;

describe.each(DIALECTS)('chat files and gallery (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c] = await Promise.all([mk(), mk(), mk()]);
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const upload = (
    token: string,
    chatId: number,
    parts: { name: string; data: Buffer }[],
    data: Record<string, unknown> = { client_message_id: cid() },
  ) =>
    t.inject({
      method: 'POST',
      url: `${API}/group-chat-gallery/${chatId}/upload-file`,
      token,
      ...multipart(parts, { data: JSON.stringify(data) }),
    });

  it('sends images and files as one message with thumbnails, lists them in the gallery, serves and zips them', async () => {
    const chat = await createChat(t, a.token, g, [b.id]);
    const res = await upload(a.token, chat, [
      { name: '写真.png', data: pngImage(480, 240) },
      { name: '資料.pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const msg = res.json().items;
    expect(msg).toMatchObject({ messageSpecial: 1, isOwnMsg: true, content: '' });
    expect(msg.file.map((f: { name: string; kind: string; has_thumbnail: boolean }) => [f.name, f.kind, f.has_thumbnail])).toEqual([
      ['写真.png', 'image', true],
      ['資料.pdf', 'pdf', false],
    ]);
    const [img, pdf] = msg.file;
    // The thumbnail's size (fit inside 240 px) lets the history reserve the box before it loads.
    expect(img.thumb_size).toEqual({ width: 240, height: 120 });
    expect(pdf.thumb_size).toBeNull();

    // B sees it as the last message (an attachment) and unread.
    const listed = (await t.inject({ method: 'GET', url: `${API}/group-chat/group-chat-user`, token: b.token })).json().items.data[0];
    expect(listed).toMatchObject({ id: chat, last_message_special: 1, count_message_not_seen: 1 });

    const gallery = (await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}`, token: b.token })).json().items;
    expect(gallery.data.map((f: { id: number }) => f.id)).toEqual([pdf.id, img.id]);

    const thumb = await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/file/${img.id}/thumbnail`, token: b.token });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 240, height: 120 });
    expect(
      (await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/file/${pdf.id}/thumbnail`, token: b.token })).statusCode,
    ).toBe(404);
    const dl = await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/file/${pdf.id}/download`, token: b.token });
    expect(dl.headers['content-disposition']).toContain('attachment');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    const preview = await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/file/${img.id}/preview`, token: b.token });
    expect(preview.headers['content-type']).toBe('image/png');
    const zip = await t.inject({
      method: 'POST',
      url: `${API}/group-chat-gallery/${chat}/download-files`,
      token: b.token,
      payload: { file_ids: [img.id, pdf.id] },
    });
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['写真.png', '資料.pdf']);

    // The chat area counts the bytes; deleting the message (author only) frees them and the stored files.
    const used = (await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/storage`, token: a.token })).json().items
      .used_bytes;
    expect(used).toBe(img.size + pdf.size);
    const del = `${API}/group-chat-gallery/${chat}/delete-msg-has-file-upload/${msg.id}`;
    expect((await t.inject({ method: 'DELETE', url: del, token: b.token })).statusCode).toBe(403);
    const before = (await storedFiles(t)).filter((f) => f.startsWith(`chats/${chat}/`));
    expect(before).toHaveLength(3);
    expect((await t.inject({ method: 'DELETE', url: del, token: a.token })).statusCode).toBe(200);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`chats/${chat}/`))).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}`, token: b.token })).json().items.total).toBe(0);
    expect(
      (await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/storage`, token: a.token })).json().items.used_bytes,
    ).toBe(0);
    // A text message is not deleted through the gallery.
    const text = await send(t, a.token, chat, 'text');
    expect(
      (await t.inject({ method: 'DELETE', url: `${API}/group-chat-gallery/${chat}/delete-msg-has-file-upload/${text.id}`, token: a.token }))
        .statusCode,
    ).toBe(404);
  });

  it('a retried upload with the same client id stores one message and one copy of the bytes', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const data = { client_message_id: cid() };
    const first = await upload(a.token, chat, [{ name: 'a.pdf', data: PDF }], data);
    const again = await upload(a.token, chat, [{ name: 'a.pdf', data: PDF }], data);
    expect(again.json().items.id).toBe(first.json().items.id);
    expect((await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}`, token: a.token })).json().items.total).toBe(1);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`chats/${chat}/`))).toHaveLength(1);
  });

  it('the group’s per-file size rule and the chat area capacity refuse an upload, leaving nothing behind', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', g).execute();
    const big = await upload(a.token, chat, [{ name: 'big.bin', data: Buffer.alloc(MB + 10, 1) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().status_code).toBe('UPLOAD_OVER_SIZE');
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 25 }).where('id', '=', g).execute();

    await t.ctx.db
      .insertInto('chat_storage')
      .values({ company_id: company, capacity_gb: 1, used_bytes: 1024 ** 3 - 10 })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ capacity_gb: 1, used_bytes: 1024 ** 3 - 10 }))
      .execute();
    const storage = (await t.inject({ method: 'GET', url: `${API}/group-chat-gallery/${chat}/storage`, token: a.token })).json().items;
    expect(storage).toMatchObject({ warning: true, full: false });
    const full = await upload(a.token, chat, [{ name: 'a.pdf', data: PDF }]);
    expect(full.statusCode).toBe(400);
    expect(full.json().status_code).toBe('CHAT_STORAGE_FULL');
    expect((await storedFiles(t)).filter((f) => f.startsWith(`chats/${chat}/`))).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `${API}/message/${chat}`, token: a.token })).json().items.last_no).toBe(0);
    await t.ctx.db.updateTable('chat_storage').set({ used_bytes: 0, capacity_gb: 10 }).where('company_id', '=', company).execute();
  });

  it('a reply with files quotes the file message it answers', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const files = (await upload(a.token, chat, [{ name: 'p.png', data: pngImage(50, 50) }])).json().items;
    const reply = await upload(b.token, chat, [{ name: 'q.png', data: pngImage(60, 60) }], {
      client_message_id: cid(),
      reply_message_id: files.id,
    });
    expect(reply.json().items.replyMessage).toMatchObject({ id: files.id, message_special: 1, is_own_msg: false });
    expect(reply.json().items.file).toHaveLength(1);
  });
});
