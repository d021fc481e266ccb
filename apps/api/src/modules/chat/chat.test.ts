import { CHAT_MESSAGE_MAX, MessageSpecial } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { unreadCount } from './queries';
import { actor, API, cid, createChat, groupWith, send, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('chat (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let d: Actor;
  let g: number;
  let gOther: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c, d] = await Promise.all([mk(), mk(), mk(), mk()]);
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
    ]);
    gOther = await groupWith(t, company, [
      [a.id, {}],
      [d.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.inject({ method: 'GET', url: `${API}${url}`, token });
  const post = (url: string, token: string, payload: unknown = {}) =>
    t.inject({ method: 'POST', url: `${API}${url}`, token, payload: payload as never });
  const messages = async (chatId: number, token: string, q = '') => (await get(`/message/${chatId}${q}`, token)).json().items;
  const list = async (token: string, q = '') => (await get(`/group-chat/group-chat-user${q}`, token)).json().items;

  it('one chosen person makes a one-to-one chat once; choosing them again reopens it with both members restored', async () => {
    const res = await post('/group-chat/create', a.token, { user_ids: String(b.id), group_id: g });
    expect(res.statusCode).toBe(201);
    const id = res.json().items.id;
    const exist = await get(`/check-group-chat-exist?user_ids=${a.id}`, b.token);
    expect(exist.json().items).toEqual({ is_existed: true, group_chat: { id } });
    expect((await get(`/check-group-chat-exist?user_ids=${c.id}`, b.token)).json().items).toEqual({ is_existed: false, group_chat: null });

    await send(t, a.token, id, 'こんにちは');
    expect((await post('/leave-group-chat', b.token, { group_chat_id: id })).statusCode).toBe(200);
    expect((await get(`/group-chat/show/${id}`, b.token)).statusCode).toBe(404);
    // B picks A again: the same chat, B back in it, history kept.
    const again = await post('/group-chat/create', b.token, { user_ids: `${a.id}`, group_id: g });
    expect(again.statusCode).toBe(200);
    expect(again.json().items).toEqual({ id, is_existed: true });
    const shown = (await get(`/group-chat/show/${id}`, b.token)).json().items;
    expect(shown.user_group_chat.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(shown.only_user).toBe(1);
    expect((await messages(id, b.token)).data.map((m: { content: string }) => m.content)).toContain('こんにちは');

    // revert-origin-member works for a member who left, and for no one else.
    await post('/leave-group-chat', a.token, { group_chat_id: id });
    expect((await post(`/revert-origin-member/${id}`, c.token)).statusCode).toBe(404);
    expect((await post(`/revert-origin-member/${id}`, a.token)).statusCode).toBe(200);
    expect((await get(`/group-chat/show/${id}`, a.token)).statusCode).toBe(200);

    // One-to-one chats and the people in them, for the caller only.
    const group = await createChat(t, a.token, g, [b.id, c.id]);
    const privates = (await get('/group-chat/group-chat-private', a.token)).json().items;
    expect(privates.data.map((ch: { id: number }) => ch.id)).toEqual([id]);
    expect(privates.data.map((ch: { id: number }) => ch.id)).not.toContain(group);
    const people = (await get('/list-chatted-user?limit=10', b.token)).json().items;
    expect(people.data).toEqual([expect.objectContaining({ id: a.id, group_chat_id: id })]);
    expect((await get('/list-chatted-user', c.token)).json().items.total).toBe(0);
  });

  it('two or more people make a group chat; members must all be in the chosen group', async () => {
    const id = await createChat(t, a.token, g, [b.id, c.id], '企画');
    const shown = (await get(`/group-chat/show/${id}`, c.token)).json().items;
    expect(shown).toMatchObject({ name: '企画', only_user: 0, size: 3, group_id: g });

    const outsider = await post('/group-chat/create', a.token, { user_ids: `${b.id},${d.id}`, group_id: g });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ status_code: 'USER_NO_EXIST_GENERAL_GROUP_TAG', data: { user_ids: [d.id] } });
    // A group the caller is not in, and no one but oneself.
    expect((await post('/group-chat/create', b.token, { user_ids: `${a.id}`, group_id: gOther })).json().status_code).toBe(
      'GROUP_NOT_FOUND',
    );
    expect((await post('/group-chat/create', a.token, { user_ids: `${a.id}`, group_id: g })).statusCode).toBe(400);
    expect((await post('/group-chat/create', a.token, { user_ids: 'x,1', group_id: g })).statusCode).toBe(400);
    const stranger = await actor(t);
    expect((await post('/group-chat/create', a.token, { user_ids: `${stranger.id}`, group_id: g })).json().status_code).toBe(
      'USER_NOT_FOUND',
    );
  });

  it('sends, pages history upwards, catches up after a gap, and stores a retried send once', async () => {
    const id = await createChat(t, a.token, g, [b.id, c.id]);
    for (let i = 1; i <= 7; i++) await send(t, i % 2 ? a.token : b.token, id, `m${i}`);
    const latest = await messages(id, c.token, '?limit=3');
    expect(latest.data.map((m: { content: string }) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(latest).toMatchObject({ has_more: true, last_no: 7, read_no: 0 });
    const older = await messages(id, c.token, `?limit=3&before_no=${latest.data[0].index}`);
    expect(older.data.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await messages(id, c.token, `?limit=3&before_no=${older.data[0].index}`);
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.data.map((m: { content: string }) => m.content)).toEqual(['m1']);
    expect((await messages(id, c.token, '?after_no=5')).data.map((m: { content: string }) => m.content)).toEqual(['m6', 'm7']);

    const client = cid();
    const first = await post(`/message/${id}`, a.token, { content: '再送テスト', client_message_id: client });
    const retry = await post(`/message/${id}`, a.token, { content: '再送テスト', client_message_id: client });
    expect(retry.json().items.id).toBe(first.json().items.id);
    // Sent at once, as a flaky network would: still one.
    const burst = cid();
    const answers = await Promise.all([1, 2, 3].map(() => post(`/message/${id}`, b.token, { content: '同時', client_message_id: burst })));
    expect(new Set(answers.map((r) => r.json().items.id)).size).toBe(1);
    const stored = await t.ctx.db.selectFrom('chat_messages').select('no').where('chat_id', '=', id).orderBy('no').execute();
    expect(stored.map((r) => r.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    expect((await post(`/message/${id}`, a.token, { content: '   ', client_message_id: cid() })).statusCode).toBe(400);
    expect((await post(`/message/${id}`, a.token, { content: 'x', client_message_id: 'bad id!' })).statusCode).toBe(400);
    expect((await post(`/message/${id}`, a.token, { content: 'x'.repeat(5001), client_message_id: cid() })).statusCode).toBe(400);
  });

  it('replies quote the original, which shows as deleted by its author once deleted; likes and deletes', async () => {
    const id = await createChat(t, a.token, g, [b.id, c.id]);
    const original = await send(t, a.token, id, '元の発言');
    const reply = await send(t, b.token, id, '返信です', { reply_message_id: original.id });
    await post(`/message/${id}/like/${reply.id}`, a.token, { is_like: true });
    const liked = await post(`/message/${id}/like/${reply.id}`, c.token, { is_like: true });
    expect(liked.json().items).toEqual({ is_like: true, like_count: 2 });
    expect((await post(`/message/${id}/like/${reply.id}`, c.token, { is_like: false })).json().items.like_count).toBe(1);

    let view = (await messages(id, a.token)).data.find((m: { id: number }) => m.id === reply.id);
    expect(view.replyMessage).toMatchObject({ id: original.id, content: '元の発言', is_deleted_by_author: false, is_own_msg: true });
    expect(view).toMatchObject({ isLike: true, isOwnMsg: false, isCanDelete: false });

    // Only the author deletes; the others then see the quote as deleted.
    expect((await t.inject({ method: 'DELETE', url: `${API}/message/${id}/${original.id}`, token: b.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `${API}/message/${id}/${original.id}`, token: a.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `${API}/message/${id}/${original.id}`, token: a.token })).statusCode).toBe(404);
    view = (await messages(id, b.token)).data.find((m: { id: number }) => m.id === reply.id);
    expect(view.replyMessage).toMatchObject({ content: '', is_deleted_by_author: true });
    const gone = (await messages(id, b.token)).data.find((m: { id: number }) => m.id === original.id);
    expect(gone).toMatchObject({ content: '', is_deleted: true });
    // No reply to, or like of, a deleted message; another chat's message is not found.
    expect(
      (await post(`/message/${id}`, b.token, { content: 'x', client_message_id: cid(), reply_message_id: original.id })).statusCode,
    ).toBe(404);
    expect((await post(`/message/${id}/like/${original.id}`, b.token, { is_like: true })).statusCode).toBe(404);
    const other = await createChat(t, a.token, g, [c.id]);
    const foreign = await send(t, a.token, other, 'よそ');
    expect((await post(`/message/${id}/like/${foreign.id}`, b.token, { is_like: true })).json().status_code).toBe('MESSAGE_NOT_FOUND');
  });

  it('unread counts, read receipts, read all; the list puts favourites first, then the newest activity', async () => {
    const [x, y] = await Promise.all([actor(t, { companyId: company }), actor(t, { companyId: company })]);
    const gx = await groupWith(t, company, [
      [x.id, {}],
      [y.id, {}],
      [a.id, {}],
    ]);
    const older = await createChat(t, x.token, gx, [y.id, a.id], 'older');
    t.clock.advance(1000);
    const newer = await createChat(t, x.token, gx, [y.id]);
    t.clock.advance(1000);
    await send(t, x.token, older, '1');
    t.clock.advance(1000);
    await send(t, x.token, newer, '2');
    await send(t, x.token, newer, '3');
    const sent = await send(t, a.token, older, '4');

    let l = await list(y.token);
    expect(l.data.map((ch: { id: number }) => ch.id)).toEqual([newer, older]);
    expect(l.data.map((ch: { count_message_not_seen: number }) => ch.count_message_not_seen)).toEqual([2, 2]);
    expect(l.total_unread).toBe(4);
    expect(l.data[1]).toMatchObject({ last_message: '4', last_message_special: 0, sender: { id: a.id } });
    expect(await unreadCount(t.ctx, y.id)).toEqual({ count: 4, chats: 2 });
    expect((await get('/group-chat/count-unread', y.token)).json().items).toEqual({ count: 4, chats: 2 });
    expect((await list(y.token, '?isGetUnRead=1')).total).toBe(2);
    // The notifications engine's notice for the chat: one per chat, with its newest message.
    const notices = (await get('/members/me/notification/unread?limit=50', y.token))
      .json()
      .items.data.filter((i: { unread_type: number }) => i.unread_type === 9);
    expect(notices.find((i: { unread_target_id: number }) => i.unread_target_id === older)).toMatchObject({ title: 'older', content: '4' });

    expect((await post(`/mark-favorite/${older}`, y.token, { favorite: true })).json().items.favorite).toBe(1);
    l = await list(y.token);
    expect(l.data.map((ch: { id: number }) => ch.id)).toEqual([older, newer]);
    expect(l.data[0].favorite).toBe(1);

    // Read receipts: nobody has read A's message until Y opens the chat.
    const before = (await messages(older, a.token)).data.find((m: { id: number }) => m.id === sent.id);
    expect(before.read_count).toBe(0);
    await post('/update-check-user-unread', y.token, { group_chat_id: older });
    const after = (await messages(older, a.token)).data.find((m: { id: number }) => m.id === sent.id);
    expect(after.read_count).toBe(1);
    expect(after.read_by.map((r: { id: number }) => r.id)).toEqual([y.id]);
    expect((await get('/group-chat/count-unread', y.token)).json().items).toEqual({ count: 2, chats: 1 });
    await post('/read-all-group-chat', y.token);
    expect((await get('/group-chat/count-unread', y.token)).json().items).toEqual({ count: 0, chats: 0 });
    expect((await list(y.token, '?isGetUnRead=1')).total).toBe(0);
  });

  it('rename, invite from the chat’s group, leave; a former member sees nothing new', async () => {
    const id = await createChat(t, a.token, g, [b.id]);
    // One-to-one chats are neither renamed nor extended.
    expect((await post(`/update-group-chat-name/${id}`, a.token, { name: 'x' })).statusCode).toBe(403);
    expect((await post('/invite-user-to-group-chat', a.token, { group_chat_id: id, user_ids: [c.id] })).statusCode).toBe(403);

    const gid = await createChat(t, a.token, g, [b.id, c.id]);
    const renamed = await post(`/update-group-chat-name/${gid}`, b.token, { name: '  新しい名前  ' });
    expect(renamed.json().items.name).toBe('新しい名前');
    expect((await post(`/update-group-chat-name/${gid}`, b.token, { name: '' })).statusCode).toBe(400);

    expect((await post('/leave-group-chat', c.token, { group_chat_id: gid })).statusCode).toBe(200);
    await send(t, a.token, gid, '去った後の発言');
    expect((await get(`/message/${gid}`, c.token)).json().status_code).toBe('CHAT_NOT_FOUND');
    expect((await post(`/message/${gid}`, c.token, { content: 'x', client_message_id: cid() })).statusCode).toBe(404);
    expect((await list(c.token)).data.map((ch: { id: number }) => ch.id)).not.toContain(gid);
    const specials = (await messages(gid, a.token)).data.map((m: { messageSpecial: number }) => m.messageSpecial);
    expect(specials).toEqual([MessageSpecial.RENAMED, MessageSpecial.MEMBER_LEFT, MessageSpecial.TEXT]);

    // D is not in the chat's group: refused; C is, and comes back.
    const wrong = await post('/invite-user-to-group-chat', a.token, { group_chat_id: gid, user_ids: [d.id] });
    expect(wrong.json().status_code).toBe('CHAT_DIFFERENT_GROUPS');
    const invited = await post('/invite-user-to-group-chat', a.token, { group_chat_id: gid, user_ids: `${c.id},${b.id}` });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().items.size).toBe(3);
    const last = (await messages(gid, c.token)).data.at(-1);
    expect(last).toMatchObject({ messageSpecial: MessageSpecial.MEMBERS_ADDED, sender_id: a.id });
  });

  it('refuses script-like and over-long text with the rule that failed, and stores nothing', async () => {
    const res = await post('/group-chat/create', a.token, { user_ids: String(c.id), group_id: g });
    const id = res.json().items.id;
    const before = (await messages(id, a.token)).data.length;
    for (const [content, rule] of [
      ['<script>alert(1)</script>', 'validation.no_script'],
      ['<?php echo 1; ?>', 'validation.no_script'],
      ['あ'.repeat(CHAT_MESSAGE_MAX + 1), 'validation.max_length'],
    ] as const) {
      const refused = await post(`/message/${id}`, a.token, { content, client_message_id: cid() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().status_code).toBe('VALIDATION_ERROR');
      expect(refused.json().errors.content).toEqual([rule]);
    }
    expect((await post(`/message/${id}`, a.token, { content: 'あ'.repeat(CHAT_MESSAGE_MAX), client_message_id: cid() })).statusCode).toBe(
      200,
    );
    expect((await messages(id, a.token)).data.length).toBe(before + 1);
  });

  it('the picker lists the group’s members but the caller, trims the keyword, pages by 50 and marks chat members', async () => {
    const many = await Promise.all(
      Array.from({ length: 55 }, (_, i) => actor(t, { companyId: company, lastName: i === 0 ? '検索対象' : '社員' })),
    );
    const big = await groupWith(t, company, [[a.id, {}], ...many.map((m) => [m.id, {}] as [number, Record<string, never>])]);
    const url = `/members/me/groups/${big}/group-members`;
    const p1 = (await get(`${url}?limit=50&page=1`, a.token)).json().items;
    expect(p1).toMatchObject({ total: 55, last_page: 2 });
    expect(p1.data).toHaveLength(50);
    expect(p1.data.map((m: { id: number }) => m.id)).not.toContain(a.id);
    expect((await get(`${url}?limit=50&page=2`, a.token)).json().items.data).toHaveLength(5);
    const hit = (await get(`${url}?search=${encodeURIComponent('  検索対象 ')}`, a.token)).json().items;
    expect(hit.data.map((m: { id: number }) => m.id)).toEqual([many[0]!.id]);
    const without = (await get(`${url}?user_ids=${many[0]!.id},${many[1]!.id}`, a.token)).json().items;
    expect(without.total).toBe(53);

    const chat = await createChat(t, a.token, big, [many[2]!.id, many[3]!.id]);
    const marked = (await get(`${url}?group_chat_id=${chat}&limit=100`, a.token)).json().items.data;
    expect(
      marked
        .filter((m: { is_in_chat: boolean }) => m.is_in_chat)
        .map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([many[2]!.id, many[3]!.id].sort());
    // Someone else's group or chat: not found.
    expect((await get(`/members/me/groups/${big}/group-members`, b.token)).statusCode).toBe(404);
    expect((await get(`${url}?group_chat_id=${chat}`, many[10]!.token)).json().status_code).toBe('CHAT_NOT_FOUND');
    expect((await get(`${url}?limit=500`, a.token)).statusCode).toBe(400);
  });
});
