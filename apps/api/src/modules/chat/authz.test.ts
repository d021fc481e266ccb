import { endpoints } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, cid, createChat, groupWith, multipart, PDF, PNG, send, type Actor } from './fixtures.test-util';

type Persona = 'anonymous' | 'outsider' | 'colleague' | 'former' | 'member';
const PERSONAS: Persona[] = ['anonymous', 'outsider', 'colleague', 'former', 'member'];

interface Fx {
  chat: number;
  group: number;
  message: number;
  fileMessage: number;
  file: number;
  owner: Actor;
  /** Per persona: who calls. */
  who: Record<Exclude<Persona, 'anonymous'>, Actor>;
}

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> };
/**
 * Every chat endpoint with a request only a current member may make: a stranger of another
 * company, a colleague in the same group but not in the chat, and a member who left all get the
 * same 404, whatever the id (so chats cannot be probed); the member gets 200 (201 for create).
 */
const ROUTES: Record<string, (fx: Fx) => Req> = {
  chatShow: (fx) => ({ method: 'GET', url: `/group-chat/show/${fx.chat}` }),
  chatMessages: (fx) => ({ method: 'GET', url: `/message/${fx.chat}` }),
  sendMessage: (fx) => ({ method: 'POST', url: `/message/${fx.chat}`, payload: { content: 'やあ', client_message_id: cid() } }),
  likeMessage: (fx) => ({ method: 'POST', url: `/message/${fx.chat}/like/${fx.message}`, payload: { is_like: true } }),
  markChatRead: (fx) => ({ method: 'POST', url: '/update-check-user-unread', payload: { group_chat_id: fx.chat } }),
  favoriteChat: (fx) => ({ method: 'POST', url: `/mark-favorite/${fx.chat}`, payload: { favorite: true } }),
  leaveChat: (fx) => ({ method: 'POST', url: '/leave-group-chat', payload: { group_chat_id: fx.chat } }),
  inviteToChat: (fx) => ({
    method: 'POST',
    url: '/invite-user-to-group-chat',
    payload: { group_chat_id: fx.chat, user_ids: [fx.who.colleague.id] },
  }),
  renameChat: (fx) => ({ method: 'POST', url: `/update-group-chat-name/${fx.chat}`, payload: { name: '改名' } }),
  updateChat: (fx) => ({ method: 'PUT', url: `/group-chat/update/${fx.chat}`, payload: { name: '更新', favorite: true } }),
  chatGallery: (fx) => ({ method: 'GET', url: `/group-chat-gallery/${fx.chat}` }),
  chatStorage: (fx) => ({ method: 'GET', url: `/group-chat-gallery/${fx.chat}/storage` }),
  chatUpload: (fx) => ({
    method: 'POST',
    url: `/group-chat-gallery/${fx.chat}/upload-file`,
    ...multipart([{ name: 'a.png', data: PNG }], { data: JSON.stringify({ client_message_id: cid() }) }),
  }),
  chatUploadByTiny: (fx) => ({
    method: 'POST',
    url: `/group-chat-gallery/${fx.chat}/upload-file-by-tiny`,
    ...multipart([{ name: 'p.png', data: PNG }], { data: JSON.stringify({ client_message_id: cid() }) }),
  }),
  chatDownloadFiles: (fx) => ({ method: 'POST', url: `/group-chat-gallery/${fx.chat}/download-files`, payload: { file_ids: [fx.file] } }),
  chatFileDownload: (fx) => ({ method: 'GET', url: `/group-chat-gallery/${fx.chat}/file/${fx.file}/download` }),
  chatFilePreview: (fx) => ({ method: 'GET', url: `/group-chat-gallery/${fx.chat}/file/${fx.file}/preview` }),
  chatFileThumbnail: (fx) => ({ method: 'GET', url: `/group-chat-gallery/${fx.chat}/file/${fx.file}/thumbnail` }),
};
/** Only the author: the member persona deletes their own message; the owner's is 403 to them. */
const OWN_ROUTES: Record<string, (fx: Fx, own: boolean) => Req> = {
  deleteMessage: (fx, own) => ({ method: 'DELETE', url: `/message/${fx.chat}/${own ? fx.message : fx.fileMessage}` }),
  deleteChatFileMessage: (fx, own) => ({
    method: 'DELETE',
    url: `/group-chat-gallery/${fx.chat}/delete-msg-has-file-upload/${own ? fx.fileMessage : fx.fileMessage}`,
  }),
};

describe.each(DIALECTS)('chat authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let company: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
  });
  afterAll(() => t.close());

  /** A fresh chat per request, so one persona's write cannot change the next one's answer. */
  async function fixture(): Promise<Fx> {
    const mk = () => actor(t, { companyId: company });
    const [owner, member, colleague, former] = await Promise.all([mk(), mk(), mk(), mk()]);
    const outsider = await actor(t);
    const group = await groupWith(t, company, [
      [owner.id, {}],
      [member.id, {}],
      [colleague.id, {}],
      [former.id, {}],
    ]);
    const chat = await createChat(t, owner.token, group, [member.id, former.id]);
    const message = (await send(t, member.token, chat, '私の発言')).id;
    const up = await t.inject({
      method: 'POST',
      url: `${API}/group-chat-gallery/${chat}/upload-file`,
      token: member.token,
      ...multipart([{ name: 'pic.png', data: pngImage(64, 48) }], { data: JSON.stringify({ client_message_id: cid() }) }),
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileMessage = up.json().items.id;
    const file = up.json().items.file[0].id;
    await t.inject({ method: 'POST', url: `${API}/leave-group-chat`, token: former.token, payload: { group_chat_id: chat } });
    return { chat, group, message, fileMessage, file, owner, who: { outsider, colleague, former, member } };
  }

  const call = async (r: Req, token?: string) =>
    t.inject({ method: r.method, url: `${API}${r.url}`, payload: r.payload as never, headers: r.headers, token });
  const expected = (p: Persona, ok: number) => (p === 'anonymous' ? 401 : p === 'member' ? ok : 404);

  it('covers every chat endpoint but the ones tested on their own below', () => {
    const chatNames = Object.entries(endpoints)
      .filter(([, e]) => e.tags.includes('chat'))
      .map(([n]) => n)
      .sort();
    const own = [
      'chatList',
      'chatPrivateList',
      'chattedUsers',
      'chatUnreadCount',
      'checkChatExist',
      'createChat',
      'revertOriginMember',
      'readAllChats',
      'chatPicker',
      'userChated',
      'destroyChat',
    ];
    // destroyChat (creator only) and userChated (caller-wide) have their matrices in manage.test.ts.
    expect([...Object.keys(ROUTES), ...Object.keys(OWN_ROUTES), ...own].sort()).toEqual(chatNames);
  });

  it.each(Object.keys(ROUTES))('%s: only a current member', async (name) => {
    const fx = await fixture();
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const p of PERSONAS) {
      const res = await call(ROUTES[name]!(fx), p === 'anonymous' ? undefined : fx.who[p].token);
      got[p] = res.statusCode;
      want[p] = expected(p, 200);
      if (res.statusCode === 404 && p !== 'member') expect(res.json().status_code).toBe('CHAT_NOT_FOUND');
    }
    expect(got).toEqual(want);
  });

  it.each(Object.keys(OWN_ROUTES))('%s: only the author, only a current member', async (name) => {
    const fx = await fixture();
    for (const p of PERSONAS) {
      const res = await call(OWN_ROUTES[name]!(fx, true), p === 'anonymous' ? undefined : fx.who[p].token);
      expect(res.statusCode, p).toBe(expected(p, 200));
    }
    // The owner is a member but not the author.
    const fx2 = await fixture();
    expect((await call(OWN_ROUTES[name]!(fx2, true), fx2.owner.token)).statusCode).toBe(403);
  });

  it('ids are checked against the chat named: another chat’s message or file is not found', async () => {
    const fx = await fixture();
    const other = await fixture();
    const member = fx.who.member.token;
    expect(
      (await call({ method: 'POST', url: `/message/${fx.chat}/like/${other.message}`, payload: { is_like: true } }, member)).statusCode,
    ).toBe(404);
    expect((await call({ method: 'DELETE', url: `/message/${fx.chat}/${other.message}` }, member)).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/group-chat-gallery/${fx.chat}/file/${other.file}/download` }, member)).statusCode).toBe(404);
    expect(
      (
        await call(
          { method: 'POST', url: `/group-chat-gallery/${fx.chat}/download-files`, payload: { file_ids: [fx.file, other.file] } },
          member,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call({ method: 'DELETE', url: `/group-chat-gallery/${fx.chat}/delete-msg-has-file-upload/${other.fileMessage}` }, member))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          {
            method: 'POST',
            url: `/message/${fx.chat}`,
            payload: { content: 'x', client_message_id: cid(), reply_message_id: other.message },
          },
          member,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('bad input is 400 on every writing endpoint', async () => {
    const fx = await fixture();
    const member = fx.who.member.token;
    const bad: Req[] = [
      { method: 'GET', url: '/group-chat/show/abc' },
      { method: 'GET', url: `/message/${fx.chat}?limit=0` },
      { method: 'POST', url: `/message/${fx.chat}`, payload: { content: 'x' } },
      { method: 'POST', url: `/message/${fx.chat}/like/${fx.message}`, payload: { is_like: 'yes' } },
      { method: 'POST', url: '/update-check-user-unread', payload: {} },
      { method: 'POST', url: `/mark-favorite/${fx.chat}`, payload: {} },
      { method: 'POST', url: '/leave-group-chat', payload: { group_chat_id: 'x' } },
      { method: 'POST', url: '/invite-user-to-group-chat', payload: { group_chat_id: fx.chat, user_ids: [] } },
      { method: 'POST', url: `/update-group-chat-name/${fx.chat}`, payload: { name: 'x'.repeat(101) } },
      { method: 'POST', url: '/group-chat/create', payload: { user_ids: '1,2' } },
      { method: 'GET', url: '/check-group-chat-exist' },
      { method: 'GET', url: `/group-chat-gallery/${fx.chat}?limit=1000` },
      { method: 'POST', url: `/group-chat-gallery/${fx.chat}/download-files`, payload: { file_ids: [] } },
      {
        method: 'POST',
        url: `/group-chat-gallery/${fx.chat}/upload-file`,
        ...multipart([{ name: 'a.png', data: PNG }], { data: '{"client_message_id":"a b"}' }),
      },
      { method: 'POST', url: `/group-chat-gallery/${fx.chat}/upload-file`, payload: { x: 1 } },
      { method: 'GET', url: `/members/me/groups/${fx.group}/group-members?page=0` },
      { method: 'PUT', url: `/group-chat/update/${fx.chat}`, payload: {} },
      { method: 'PUT', url: `/group-chat/update/${fx.chat}`, payload: { name: '' } },
      { method: 'PUT', url: '/group-chat/destroy/abc' },
      {
        method: 'POST',
        url: `/group-chat-gallery/${fx.chat}/upload-file-by-tiny`,
        ...multipart([{ name: 'a.pdf', data: PDF }], { data: JSON.stringify({ client_message_id: cid() }) }),
      },
      { method: 'POST', url: '/chat/user-chated?limited=0' },
    ];
    for (const r of bad) expect((await call(r, member)).statusCode, `${r.method} ${r.url}`).toBe(400);
  });

  it('the caller-wide endpoints answer 401 without a token and only ever show the caller’s own chats', async () => {
    for (const url of [
      '/group-chat/group-chat-user',
      '/group-chat/group-chat-private',
      '/list-chatted-user',
      '/group-chat/count-unread',
      `/check-group-chat-exist?user_ids=1`,
      '/members/me/groups/1/group-members',
    ]) {
      expect((await call({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const url of ['/group-chat/create', '/read-all-group-chat', '/revert-origin-member/1'])
      expect((await call({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const fx = await fixture();
    const list = async (a: Actor) =>
      (await call({ method: 'GET', url: '/group-chat/group-chat-user' }, a.token)).json().items.data.map((c: { id: number }) => c.id);
    expect(await list(fx.who.member)).toContain(fx.chat);
    for (const p of ['outsider', 'colleague', 'former'] as const) expect(await list(fx.who[p])).not.toContain(fx.chat);
    // A stranger picks members of a group not theirs, or a one-to-one chat they are not in.
    expect((await call({ method: 'GET', url: `/members/me/groups/${fx.group}/group-members` }, fx.who.outsider.token)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          { method: 'POST', url: '/group-chat/create', payload: { user_ids: `${fx.who.member.id}`, group_id: fx.group } },
          fx.who.outsider.token,
        )
      ).statusCode,
    ).toBe(404);
    const pair = await createChat(t, fx.owner.token, fx.group, [fx.who.member.id]);
    expect((await call({ method: 'POST', url: `/revert-origin-member/${pair}` }, fx.who.colleague.token)).statusCode).toBe(404);
    expect(
      (await call({ method: 'GET', url: `/check-group-chat-exist?user_ids=${fx.who.member.id}` }, fx.who.colleague.token)).json().items
        .is_existed,
    ).toBe(false);
  });
});
