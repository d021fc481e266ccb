import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { storedFiles } from '../files/testing';
import { actor, API, cid, createChat, groupWith, multipart, PDF, PNG, send, type Actor } from './fixtures.test-util';

/** group-chat/update{suffix}, destroy{suffix}, upload-file-by-tiny and chat/user-chated (spec section 7). */
describe.each(DIALECTS)('chat update, destroy, pasted image, people chatted with (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let d: Actor;
  let outsider: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c, d] = await Promise.all([mk(), mk(), mk(), mk()]);
    outsider = await actor(t);
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
      [d.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const put = (url: string, token?: string, payload?: unknown) =>
    t.inject({ method: 'PUT', url: `${API}${url}`, token, payload: payload as never });
  const show = (chat: number, token: string) => t.inject({ method: 'GET', url: `${API}/group-chat/show/${chat}`, token });
  const tiny = (token: string, chat: number, parts: { name: string; data: Buffer }[]) =>
    t.inject({
      method: 'POST',
      url: `${API}/group-chat-gallery/${chat}/upload-file-by-tiny`,
      token,
      ...multipart(parts, { data: JSON.stringify({ client_message_id: cid() }) }),
    });

  it('update renames a group chat and sets the caller’s favourite; a one-to-one chat keeps its (empty) name and nothing is half-saved', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id], '企画');
    const res = await put(`/group-chat/update/${chat}`, b.token, { name: '新企画', favorite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject({ id: chat, name: '新企画' });
    expect((await show(chat, b.token)).json().items.favorite).toBe(1);
    expect((await show(chat, a.token)).json().items).toMatchObject({ name: '新企画', favorite: 0 });
    const messages = (await t.inject({ method: 'GET', url: `${API}/message/${chat}`, token: a.token })).json().items.data;
    expect(messages.at(-1)).toMatchObject({ messageSpecial: 4, content: '新企画' });

    const pair = await createChat(t, a.token, g, [b.id]);
    expect((await put(`/group-chat/update/${pair}`, a.token, { name: 'x', favorite: true })).statusCode).toBe(403);
    expect((await show(pair, a.token)).json().items.favorite).toBe(0);
    expect((await put(`/group-chat/update/${pair}`, a.token, { favorite: true })).statusCode).toBe(200);
    expect((await show(pair, a.token)).json().items.favorite).toBe(1);
  });

  it('destroy: anonymous 401, strangers and non-members 404, a member who did not make it 403, a one-to-one chat 403', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    expect((await put(`/group-chat/destroy/${chat}`)).statusCode).toBe(401);
    expect((await put(`/group-chat/destroy/${chat}`, outsider.token)).statusCode).toBe(404);
    expect((await put(`/group-chat/destroy/${chat}`, d.token)).statusCode).toBe(404);
    expect((await put(`/group-chat/destroy/${chat}`, b.token)).statusCode).toBe(403);
    const pair = await createChat(t, a.token, g, [c.id]);
    expect((await put(`/group-chat/destroy/${pair}`, a.token)).statusCode).toBe(403);
    expect((await show(chat, b.token)).statusCode).toBe(200);
    expect((await put('/group-chat/destroy/0', a.token)).statusCode).toBe(400);
  });

  it('destroy by its maker removes the chat, its messages, search entries and files, gives the bytes back and tells the members', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const first = await send(t, b.token, chat, '消える話題ぽんぽこ');
    await send(t, a.token, chat, '返信', { reply_message_id: first.id });
    const before = await storedFiles(t);
    const up = await tiny(b.token, chat, [{ name: 'p.png', data: pngImage(320, 200) }]);
    expect(up.statusCode, up.body).toBe(200);
    expect((await storedFiles(t)).length).toBeGreaterThan(before.length);
    const used = async () =>
      Number(
        (await t.ctx.db.selectFrom('chat_storage').select('used_bytes').where('company_id', '=', company).executeTakeFirst())?.used_bytes ??
          0,
      );
    const usedBefore = await used();
    expect(usedBefore).toBeGreaterThan(0);
    const seen: number[] = [];
    const off = t.ctx.bus.subscribe((to, ev) => {
      if (ev.kind === 'chat.members' && (ev.payload as { group_chat_id: number }).group_chat_id === chat) seen.push(...to);
    });

    const res = await put(`/group-chat/destroy/${chat}`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    off();
    expect(seen.sort()).toEqual([a.id, b.id, c.id].sort());
    for (const who of [a, b]) expect((await show(chat, who.token)).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: `${API}/group-chat/group-chat-user`, token: b.token }))
      .json()
      .items.data.map((x: { id: number }) => x.id);
    expect(list).not.toContain(chat);
    expect(await t.ctx.db.selectFrom('chat_messages').select('id').where('chat_id', '=', chat).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('search_docs').select('id').where('kind', '=', 4).where('ref_id', '=', first.id).execute()).toEqual(
      [],
    );
    expect(await used()).toBe(0);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('upload-file-by-tiny sends one image as a message; anything else or more than one file is refused and nothing is stored', async () => {
    const chat = await createChat(t, a.token, g, [b.id, d.id]);
    expect((await tiny(outsider.token, chat, [{ name: 'p.png', data: PNG }])).statusCode).toBe(404);
    const before = await storedFiles(t);
    const pdf = await tiny(a.token, chat, [{ name: 'looks.png', data: PDF }]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', data: { image_error: 3 } });
    expect(
      (
        await tiny(a.token, chat, [
          { name: 'a.png', data: PNG },
          { name: 'b.png', data: PNG },
        ])
      ).statusCode,
    ).toBe(400);
    expect(await storedFiles(t)).toEqual(before);
    const ok = await tiny(a.token, chat, [{ name: 'pasted.png', data: pngImage(200, 100) }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items).toMatchObject({ messageSpecial: 1, isOwnMsg: true });
    expect(ok.json().items.file.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([['pasted.png', 'image']]);
  });

  it('chat/user-chated lists each person the caller shares a chat with once, newest activity first, only the caller’s own', async () => {
    const company2 = await t.createCompany();
    const mk = () => actor(t, { companyId: company2 });
    const [p, q, r, s] = await Promise.all([mk(), mk(), mk(), mk()]);
    const g2 = await groupWith(t, company2, [
      [p.id, {}],
      [q.id, {}],
      [r.id, {}],
      [s.id, {}],
    ]);
    const call = (token?: string, query = '') => t.inject({ method: 'POST', url: `${API}/chat/user-chated${query}`, token });
    expect((await call()).statusCode).toBe(401);

    const withQ = await createChat(t, p.token, g2, [q.id]);
    t.clock.advance(1000);
    const group = await createChat(t, p.token, g2, [q.id, r.id]);
    await send(t, p.token, group, 'hi');
    t.clock.advance(1000);
    await send(t, p.token, withQ, 'newest');
    // s made a chat with q only: p does not share it.
    await createChat(t, s.token, g2, [q.id]);

    const res = await call(p.token);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.data.map((u: { id: number }) => u.id)).toEqual([q.id, r.id]);
    expect(items.total).toBe(2);
    const paged = (await call(p.token, '?page=2&limited=1')).json().items;
    expect(paged).toMatchObject({ current_page: 2, last_page: 2, total: 2 });
    expect(paged.data.map((u: { id: number }) => u.id)).toEqual([r.id]);
    // r leaves the group chat: no longer someone p is in a chat with.
    await t.inject({ method: 'POST', url: `${API}/leave-group-chat`, token: r.token, payload: { group_chat_id: group } });
    expect((await call(p.token)).json().items.data.map((u: { id: number }) => u.id)).toEqual([q.id]);
    expect((await call(outsider.token)).json().items.data).toEqual([]);
  });
});
