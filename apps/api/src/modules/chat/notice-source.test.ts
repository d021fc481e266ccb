import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, createChat, groupWith, send, type Actor } from './fixtures.test-util';

/**
 * Chat in the notifications engine: the seventh unread kind (type 9), likes on one's messages
 * (like type 5) and starred chats (favourite type 4). Each test makes its own chat.
 */
describe.each(DIALECTS)('chat in the notifications engine (%s)', (dialect) => {
  let t: TestApp;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c] = await Promise.all([mk(), mk(), mk()]);
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.inject({ method: 'GET', url: `${API}${url}`, token });
  const post = (url: string, token: string, payload: unknown = {}) =>
    t.inject({ method: 'POST', url: `${API}${url}`, token, payload: payload as never });
  const chatItems = async (token: string) =>
    (
      (await get('/members/me/notification/unread?limit=50', token)).json().items.data as {
        id: string;
        unread_type: number;
        unread_target_id: number;
        content: string;
      }[]
    ).filter((i) => i.unread_type === 9);
  const total = async (token: string) => (await get('/members/me/notification/count/1', token)).json().items.count as number;

  it('lists a chat with unread messages once, with its newest message; the sender and outsiders see nothing', async () => {
    const chat = await createChat(t, a.token, g, [b.id]);
    const before = await total(b.token);
    await send(t, a.token, chat, '東京の会議');
    await send(t, a.token, chat, '明日の件');
    const items = await chatItems(b.token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: `9-${chat}`, unread_target_id: chat, content: '明日の件' });
    expect(await total(b.token)).toBe(before + 1);
    expect(await chatItems(a.token)).toEqual([]);
    expect(await chatItems(c.token)).toEqual([]);
    // Someone outside the chat cannot mark it.
    expect((await post(`/members/me/mark-read-each-item/9-${chat}`, c.token)).statusCode).toBe(404);
  });

  it('marking the notice reads the chat; a member who left is no longer notified', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    await send(t, a.token, chat, 'はじめまして');
    expect((await post(`/members/me/mark-read-each-item/9-${chat}`, b.token)).statusCode).toBe(200);
    expect((await chatItems(b.token)).map((i) => i.unread_target_id)).not.toContain(chat);
    expect((await get(`/group-chat/count-unread`, b.token)).json().items).toMatchObject({ count: expect.any(Number) });

    expect((await chatItems(c.token)).map((i) => i.unread_target_id)).toContain(chat);
    expect((await post('/leave-group-chat', c.token, { group_chat_id: chat })).statusCode).toBe(200);
    await send(t, a.token, chat, 'もう一通');
    expect((await chatItems(c.token)).map((i) => i.unread_target_id)).not.toContain(chat);
  });

  // Likes on one's own chat messages in the like notices (like type 5).

  const likes = async (token: string) =>
    (
      (await t.inject({ method: 'GET', url: `${API}/members/me/notification/like?limit=50&page=1`, token })).json().items.data as {
        id: string;
        like_type: number;
        topic_id: number;
        comment_id: number;
        comment_content: string;
        like_count: number;
        update_by_user: { name: string }[];
      }[]
    ).filter((n) => n.like_type === 5);

  it('tells the sender who liked their message, once per message, and only while they are in the chat', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    const messageId = (await send(t, a.token, chat, '資料を共有します')).id;
    for (const who of [b, c])
      expect(
        (await t.inject({ method: 'POST', url: `${API}/message/${chat}/like/${messageId}`, token: who.token, payload: { is_like: true } }))
          .statusCode,
      ).toBe(200);
    const [notice] = await likes(a.token);
    expect(notice).toMatchObject({
      id: `5-${messageId}`,
      topic_id: chat,
      comment_id: messageId,
      comment_content: '資料を共有します',
      like_count: 2,
    });
    expect(notice!.update_by_user).toHaveLength(2);
    expect(await likes(b.token)).toEqual([]);

    expect(
      (await t.inject({ method: 'POST', url: `${API}/leave-group-chat`, token: a.token, payload: { group_chat_id: chat } })).statusCode,
    ).toBe(200);
    expect(await likes(a.token)).toEqual([]);
  });

  // Starred chats in the favourites list (favorite_target_type 4).

  const favourites = async (token: string) =>
    (
      (await t.inject({ method: 'GET', url: `${API}/members/me/favorite?limit=50&page=1`, token })).json().items.data as {
        id: string;
        favorite_target_type: number;
        target_id: number;
        title: string;
        content: string;
        is_read: boolean;
      }[]
    ).filter((f) => f.favorite_target_type === 4);

  it('lists a starred chat, unread while it holds unread messages, titled by its members when unnamed', async () => {
    const chat = await createChat(t, a.token, g, [b.id, c.id]);
    expect(
      (await t.inject({ method: 'POST', url: `${API}/mark-favorite/${chat}`, token: b.token, payload: { favorite: true } })).statusCode,
    ).toBe(200);
    await send(t, a.token, chat, '会議は3時から');
    const [fav] = await favourites(b.token);
    expect(fav).toMatchObject({ id: `4-${chat}`, target_id: chat, content: '会議は3時から', is_read: false });
    expect(fav!.title).not.toBe('');
    expect(await favourites(c.token)).toEqual([]);
    // Its mark-read button uses the chat notice's id.
    expect((await t.inject({ method: 'POST', url: `${API}/members/me/mark-read-each-item/9-${chat}`, token: b.token })).statusCode).toBe(
      200,
    );
    expect((await favourites(b.token))[0]).toMatchObject({ target_id: chat, is_read: true });
    // Leaving the chat takes it off the list.
    await t.inject({ method: 'POST', url: `${API}/leave-group-chat`, token: b.token, payload: { group_chat_id: chat } });
    expect(await favourites(b.token)).toEqual([]);
  });
});
