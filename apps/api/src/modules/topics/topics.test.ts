import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('group topics (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let reader: Actor;
  let admin: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company, lastName: '佐藤', firstName: '花子' });
    reader = await actor(t, { companyId: company });
    admin = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [reader.id, {}],
      [admin.id, { role_admin: 1 }],
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.inject({ method: 'GET', url, token });
  const post = (url: string, token: string, payload: unknown = {}) => t.inject({ method: 'POST', url, token, payload: payload as never });

  it('stores sanitised HTML, lists a plain-text preview, and tracks read state per user', async () => {
    const long = 'これは とても 長い 本文 です。 '.repeat(8);
    const id = await postTopic(t, editor.token, g, {
      content: `<p onclick="alert(1)">${long}</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><svg onload="alert(4)"></svg>`,
      emergency_contact: true,
    });
    const detail = (await get(`${T(g)}/get-topic-detail/${id}`, reader.token)).json().items;
    expect(detail.content).not.toMatch(/onclick|<script|javascript:|<svg|onload/i);
    expect(detail.content).toContain('<p>これは');
    expect(detail.creater_name).toBe('佐藤 花子');
    expect(detail.is_read).toBe(false);

    const list = (await get(`${T(g)}/get-not-delete-topics`, reader.token)).json().items;
    const row = list.data.find((r: { id: number }) => r.id === id);
    expect(row.content).not.toContain('<');
    expect(row.content.endsWith('…')).toBe(true);
    expect([...row.content.slice(0, -1)].length).toBeLessThanOrEqual(50);
    expect(long.startsWith(row.content.slice(0, -1))).toBe(true);
    expect(row).toMatchObject({ is_read: false, emergency_contact: true, updater: '佐藤 花子', allow_anonymous_comment: true });
    // The author has read their own topic.
    expect((await get(`${T(g)}/get-topic-detail/${id}`, editor.token)).json().items.is_read).toBe(true);

    const badge = async () =>
      (await get(`${API}/members/me/groups`, reader.token)).json().items.data.find((x: { id: number }) => x.id === g).unread_count;
    const before = await badge();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await post(`${T(g)}/set-topic-is-seen/${id}`, reader.token)).statusCode).toBe(200);
    expect((await post(`${T(g)}/set-topic-is-seen/${id}`, reader.token)).statusCode).toBe(200);
    expect(await badge()).toBe(before - 1);
    // A topic scheduled by someone else is not the reader's to mark: 404, and no read is stored.
    const later = await postTopic(t, editor.token, g, { delivery_date: t.clock() + 3_600_000 });
    expect((await post(`${T(g)}/set-topic-is-seen/${later}`, reader.token)).statusCode).toBe(404);
    expect((await post(`${T(g)}/set-topic-is-seen/999999`, reader.token)).statusCode).toBe(404);
    const reads = await t.ctx.db
      .selectFrom('topic_reads')
      .select('topic_id')
      .where('user_id', '=', reader.id)
      .where('topic_id', 'in', [later, 999999])
      .execute();
    expect(reads).toEqual([]);
    expect((await post(`${T(g)}/set-topic-is-seen/${later}`, editor.token)).statusCode).toBe(200);
    const unread = (await get(`${T(g)}/get-not-delete-topics?unread_only=1`, reader.token)).json().items.data;
    expect(unread.some((r: { id: number }) => r.id === id)).toBe(false);
    await post(`${T(g)}/new-topic-mark/${id}`, reader.token);
    expect(await badge()).toBe(before);

    // An edit makes it unread again for others.
    await post(`${T(g)}/set-topic-is-seen/${id}`, reader.token);
    const upd = await post(`${T(g)}/update-topic/${id}`, editor.token, topicBody({ topic_title: '変更後' }));
    expect(upd.statusCode).toBe(200);
    expect((await get(`${T(g)}/get-topic-detail/${id}`, reader.token)).json().items).toMatchObject({
      topic_title: '変更後',
      is_read: false,
    });
  });

  it('counts likes right under 20 concurrent requests and keeps them idempotent', async () => {
    const id = await postTopic(t, editor.token, g, { like_character_change: '👏' });
    const likers = await Promise.all(Array.from({ length: 20 }, () => actor(t, { companyId: company })));
    for (const l of likers) await t.addMember(g, l.id);
    const results = await Promise.all(likers.map((l) => post(`${T(g)}/like-or-dislike-topic/${id}`, l.token, { is_like: true })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 20 }, () => post(`${T(g)}/like-or-dislike-topic/${id}`, likers[0]!.token, { is_like: true })),
    );
    expect(again.map((r) => r.json().items.liker_count).every((n: number) => n === 20)).toBe(true);
    const d = (await get(`${T(g)}/get-topic-detail/${id}`, reader.token)).json().items;
    expect(d).toMatchObject({ liker_count: 20, is_like: false, like_character_change: '👏' });
    const off = await post(`${T(g)}/like-or-dislike-topic/${id}`, likers[1]!.token, { is_like: false });
    expect(off.json().items).toEqual({ is_like: false, liker_count: 19 });
  });

  it('hides likers when asked, and refuses likes when likes are off', async () => {
    const hidden = await postTopic(t, editor.token, g, { how_nice: ['1', '2'] });
    await post(`${T(g)}/like-or-dislike-topic/${hidden}`, admin.token, { is_like: true });
    expect((await get(`${T(g)}/get-topic-detail/${hidden}`, reader.token)).json().items).toMatchObject({ liker: [], liker_count: 1 });
    expect((await get(`${T(g)}/get-topic-detail/${hidden}`, editor.token)).json().items.liker).toHaveLength(1);
    const off = await postTopic(t, editor.token, g, { how_nice: [] });
    expect((await post(`${T(g)}/like-or-dislike-topic/${off}`, reader.token, { is_like: true })).statusCode).toBe(403);
  });

  it('favourites are per user and idempotent', async () => {
    const id = await postTopic(t, editor.token, g);
    await post(`${T(g)}/favorite-topic/${id}`, reader.token, { is_favor: true });
    await post(`${T(g)}/favorite-topic/${id}`, reader.token, { is_favor: true });
    expect((await get(`${T(g)}/get-topic-detail/${id}`, reader.token)).json().items.is_favor).toBe(true);
    expect((await get(`${T(g)}/get-topic-detail/${id}`, editor.token)).json().items.is_favor).toBe(false);
    await post(`${T(g)}/favorite-topic/${id}`, reader.token, { is_favor: false });
    expect((await get(`${T(g)}/get-topic-detail/${id}`, reader.token)).json().items.is_favor).toBe(false);
  });

  it('organises topics: folders, unclassified, bin, delete from bin, empty bin', async () => {
    const g2 = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [admin.id, { role_admin: 1 }],
    ]);
    const [a, b, c] = [await postTopic(t, editor.token, g2), await postTopic(t, editor.token, g2), await postTopic(t, editor.token, g2)];
    const folder = (await post(`${G2(g2)}/folder/create-new-folder`, editor.token, { type: 1, folder_name: '議事録' })).json().items;
    expect(folder).toMatchObject({ name: '議事録', topic_count: 0 });
    expect(
      (await post(`${T(g2)}/move-topics-to-selected-folder`, editor.token, { topic_ids: [a, b], folder_id: folder.id })).json().items.count,
    ).toBe(2);
    const ids = async (url: string) =>
      (await get(url, editor.token))
        .json()
        .items.data.map((r: { id: number }) => r.id)
        .sort();
    expect(await ids(`${T(g2)}/get-topics-by-folder/${folder.id}`)).toEqual([a, b].sort());
    expect(await ids(`${T(g2)}/get-unclassification-topics`)).toEqual([c]);
    expect((await get(`${G2(g2)}/folder/get-all-folder/1`, editor.token)).json().items).toEqual([
      { id: folder.id, name: '議事録', topic_count: 2 },
    ]);
    expect(
      (await post(`${G2(g2)}/folder/rename-folder`, editor.token, { folder_id: folder.id, folder_name: '記録' })).json().items.name,
    ).toBe('記録');

    await post(`${T(g2)}/move-topics-to-bin`, editor.token, { topic_ids: [a, c] });
    expect(await ids(`${T(g2)}/get-deleted-topics`)).toEqual([a, c].sort());
    expect(await ids(`${T(g2)}/get-not-delete-topics`)).toEqual([b]);
    expect((await get(`${T(g2)}/count-topic`, editor.token)).json().items).toMatchObject({ all: 1, in_bin: 2, unclassified: 0 });
    // Only topics in the bin can be deleted for good.
    expect((await post(`${T(g2)}/delete-topics-in-bin`, editor.token, { topic_ids: [b] })).statusCode).toBe(404);
    expect((await post(`${T(g2)}/delete-topics-in-bin`, editor.token, { topic_ids: [a] })).json().items.count).toBe(1);
    await post(`${T(g2)}/move-topics-to-unclassified`, editor.token, { topic_ids: [c] });
    expect(await ids(`${T(g2)}/get-unclassification-topics`)).toEqual([c]);

    await post(`${G2(g2)}/folder/delete-folder`, editor.token, { folder_id: folder.id });
    expect(await ids(`${T(g2)}/get-unclassification-topics`)).toEqual([b, c].sort());

    await post(`${T(g2)}/move-topics-to-bin`, editor.token, { topic_ids: [b, c] });
    expect((await post(`${T(g2)}/empty-topics-bin`, editor.token, { group_id: g2 })).statusCode).toBe(403);
    expect((await post(`${T(g2)}/empty-topics-bin`, admin.token, { group_id: g2 })).json().items.count).toBe(2);
    expect(await ids(`${T(g2)}/get-deleted-topics`)).toEqual([]);
  });

  it('comments: replies, anonymity where allowed, own deletion, deleted parents, page finding', async () => {
    const id = await postTopic(t, editor.token, g, { comment_options: ['1', '2'] });
    const add = (token: string, body: Record<string, unknown>) => post(`${T(g)}/add-new-comment`, token, { topic_id: id, ...body });
    const first = (await add(reader.token, { content: '<p>質問です<img src=x onerror=alert(1)></p>' })).json().items;
    expect(first.content).not.toContain('onerror');
    const anon = (await add(reader.token, { content: '匿名の意見', is_anonymous: true })).json().items;
    expect(anon).toMatchObject({ is_anonymous: true, commenter_id: null, commenter_name: null, is_own: true });
    const reply = (await add(editor.token, { content: '回答です', parent_id: first.id })).json().items;
    expect(reply.parent_id).toBe(first.id);
    expect((await add(reader.token, { content: '   ' })).statusCode).toBe(400);

    expect((await post(`${T(g)}/delete-comment-topic/${first.id}`, editor.token)).statusCode).toBe(403);
    expect((await post(`${T(g)}/delete-comment-topic/${first.id}`, reader.token)).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) await add(admin.token, { content: `コメント${i}` });
    const last = (await add(admin.token, { content: '最後' })).json().items;

    const page1 = (await get(`${T(g)}/get-all-comment-by-topic-id/${id}?limit=5`, editor.token)).json().items;
    expect(page1).toMatchObject({ total: 15, last_page: 3, current_page: 1 });
    const shownFirst = page1.data[0];
    expect(shownFirst).toMatchObject({ id: first.id, is_deleted: true, content: '' });
    expect(shownFirst.comments[0]).toMatchObject({
      id: reply.id,
      comment_parent_delete: true,
      content: '<p>回答です</p>'.replace(/<\/?p>/g, ''),
    });
    // Others never learn who wrote the anonymous comment.
    expect(page1.data[1]).toMatchObject({ id: anon.id, commenter_id: null, commenter_name: null, is_own: false });

    const found = (await get(`${T(g)}/get-all-comment-by-topic-id/${id}?limit=5&find_page_by_comment_id=${last.id}`, editor.token)).json()
      .items;
    expect(found.current_page).toBe(3);
    expect(found.data.map((c: { id: number }) => c.id)).toContain(last.id);
    const viaReply = (
      await get(`${T(g)}/get-all-comment-by-topic-id/${id}?limit=5&find_page_by_comment_id=${reply.id}`, editor.token)
    ).json().items;
    expect(viaReply.current_page).toBe(1);

    const noAnon = await postTopic(t, editor.token, g, { comment_options: ['1'] });
    expect((await post(`${T(g)}/add-new-comment`, reader.token, { topic_id: noAnon, content: 'x', is_anonymous: true })).statusCode).toBe(
      403,
    );
    const noComments = await postTopic(t, editor.token, g, { comment_options: [] });
    expect((await post(`${T(g)}/add-new-comment`, reader.token, { topic_id: noComments, content: 'x' })).statusCode).toBe(403);

    const liked = await post(`${T(g)}/${id}/like-or-dislike-comment/${last.id}`, reader.token, { is_like: true });
    expect(liked.json().items).toEqual({ is_like: true, liker_count: 1 });

    // A page shows each comment's like count and the caller's own like, newest first on request;
    // a page past the last keeps the total.
    const page = (token: string, q: string) => get(`${T(g)}/get-all-comment-by-topic-id/${id}?limit=5&${q}`, token);
    const desc = (await page(reader.token, 'sortedBy=desc')).json().items;
    const descIds = desc.data.map((c: { id: number }) => c.id);
    expect(descIds).toEqual([...descIds].sort((a: number, b: number) => b - a));
    expect(desc.data[0]).toMatchObject({ id: last.id, is_like: true, liker_count: 1, commenter_name: last.commenter_name, is_own: false });
    expect(last.commenter_name).not.toBe('User');
    expect((await page(editor.token, 'sortedBy=desc')).json().items.data[0]).toMatchObject({ id: last.id, is_like: false, liker_count: 1 });
    expect((await page(editor.token, 'page=9')).json().items).toMatchObject({ data: [], total: 15, last_page: 3, current_page: 9 });
  });

  it('only the author, an administrator or collaborative editing may change a topic', async () => {
    const other = await actor(t, { companyId: company });
    await t.addMember(g, other.id, { role_edit_topic: 1 });
    const solo = await postTopic(t, editor.token, g, { is_multiple_edit: false });
    const shared = await postTopic(t, editor.token, g, { is_multiple_edit: true });
    expect((await post(`${T(g)}/update-topic/${solo}`, other.token, topicBody())).statusCode).toBe(403);
    expect((await post(`${T(g)}/update-topic/${shared}`, other.token, topicBody())).statusCode).toBe(200);
    expect((await post(`${T(g)}/update-topic/${solo}`, admin.token, topicBody())).statusCode).toBe(200);
  });
});

const G2 = (g: number) => `${API}/members/me/groups/${g}`;
