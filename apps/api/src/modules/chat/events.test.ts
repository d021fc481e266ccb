import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { TestSocket } from '../realtime/testing';
import { actor, API, cid, createChat, groupWith, send, type Actor } from './fixtures.test-util';
import type { RealtimeEvent } from '../../kernel';

type Seen = { userIds: number[]; event: RealtimeEvent };

describe.each(DIALECTS)('chat realtime events (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let outsider: Actor;
  let g: number;
  const seen: Seen[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API}/realtime`;
    const company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c, outsider] = await Promise.all([mk(), mk(), mk(), mk()]);
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
      [outsider.id, {}],
    ]);
    t.ctx.bus.subscribe((userIds, event) => seen.push({ userIds, event }));
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.ws.terminate();
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload: unknown = {}) =>
    t.inject({ method: 'POST', url: `${API}${path}`, token, payload: payload as never });
  const open = async (who: Actor) => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    await s.auth(who.token);
    return s;
  };
  const chatEvents = (from: number, chatId: number) =>
    seen
      .slice(from)
      .filter((s) => s.event.kind.startsWith('chat.') && (s.event.payload as { group_chat_id: number }).group_chat_id === chatId);

  it('a message reaches the members’ sockets once, already stored; a colleague outside the chat hears nothing', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const bSock = await open(b);
    const outSock = await open(outsider);
    const sent = await send(t, a.token, chat, 'リアルタイム');
    const got = await bSock.next((f) => f.event?.kind === 'chat.message');
    expect(got.event!.payload).toEqual({ group_chat_id: chat, message_id: sent.id, no: sent.index, user_id: a.id });
    // Stored before announced: the catch-up read right after the event finds it.
    const missed = await t.inject({ method: 'GET', url: `${API}/message/${chat}?after_no=${sent.index - 1}`, token: b.token });
    expect(missed.json().items.data.map((m: { id: number }) => m.id)).toEqual([sent.id]);
    // A retried send announces nothing new.
    const id = cid();
    await post(`/message/${chat}`, a.token, { content: '一度だけ', client_message_id: id });
    await post(`/message/${chat}`, a.token, { content: '一度だけ', client_message_id: id });
    await bSock.next((f) => f.event?.kind === 'chat.message' && (f.event.payload as { no: number }).no === sent.index + 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(bSock.events('chat.message')).toHaveLength(2);
    expect(outSock.frames.filter((f) => f.event?.kind.startsWith('chat.'))).toEqual([]);
  });

  it('every chat action is addressed to the chat’s current members only; a leaver is told once, then nothing', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const from = seen.length;
    const m = await send(t, a.token, chat, 'hello');
    await post(`/message/${chat}/like/${m.id}`, b.token, { is_like: true });
    await post('/update-check-user-unread', b.token, { group_chat_id: chat });
    await post(`/update-group-chat-name/${chat}`, c.token, { name: '新名' });
    await t.inject({ method: 'DELETE', url: `${API}/message/${chat}/${m.id}`, token: a.token });
    const members = [a.id, b.id, c.id].sort();
    const before = chatEvents(from, chat);
    // message, liked, read, updated (+ its notice message), deleted
    expect(before.map((e) => e.event.kind)).toEqual(['chat.message', 'chat.liked', 'chat.read', 'chat.updated', 'chat.message.deleted']);
    for (const e of before) expect([...e.userIds].sort()).toEqual(members);

    const mark = seen.length;
    await post('/leave-group-chat', c.token, { group_chat_id: chat });
    const left = chatEvents(mark, chat);
    expect(left.map((e) => e.event.kind)).toEqual(['chat.members']);
    expect([...left[0]!.userIds].sort()).toEqual(members);

    const after = seen.length;
    await send(t, a.token, chat, 'C はもういない');
    const later = chatEvents(after, chat);
    expect(later).toHaveLength(1);
    expect(later[0]!.userIds).not.toContain(c.id);

    const inv = seen.length;
    await post('/invite-user-to-group-chat', a.token, { group_chat_id: chat, user_ids: [outsider.id] });
    const invited = chatEvents(inv, chat);
    expect(invited.map((e) => e.event.kind)).toEqual(['chat.members']);
    expect(invited[0]!.userIds).toContain(outsider.id);
    // A favourite is the caller's own business.
    const fav = seen.length;
    await post(`/mark-favorite/${chat}`, b.token, { favorite: true });
    expect(chatEvents(fav, chat).map((e) => e.userIds)).toEqual([[b.id]]);
  });
});
