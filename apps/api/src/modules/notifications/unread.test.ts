import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, comment, get, groupWith, insertFile, post, postCommon, postTopic, T, unreadIds, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('unread notifications (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let leaver: Actor;
  let stranger: Actor;
  let g1: number;
  let g2: number;
  let gOther: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const other = await t.createCompany();
    a = await actor(t, { companyId: company, lastName: '佐藤', firstName: '一郎' });
    b = await actor(t, { companyId: company, lastName: '鈴木', firstName: '花子' });
    leaver = await actor(t, { companyId: company });
    stranger = await actor(t, { companyId: other });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', b.id).execute();
    g1 = await groupWith(t, company, [
      [a.id, {}],
      [b.id, { role_edit_topic: 1 }],
      [leaver.id, {}],
    ]);
    g2 = await groupWith(t, company, [
      [a.id, { role_edit_topic: 1 }],
      [b.id, {}],
    ]);
    gOther = await groupWith(t, other, [[stranger.id, { role_edit_topic: 1 }]]);
  });
  afterAll(() => t.close());

  it('answers 401 without a token on every endpoint', async () => {
    for (const path of [
      '/notification/unread',
      '/notification/count/1',
      `/notification/${g1}/count`,
      '/unread/group-data',
      '/notification/like',
      '/notification/mark-read-all-like',
      '/favorite',
      '/count-favorite',
    ]) {
      expect((await get(t, undefined, path)).statusCode, path).toBe(401);
    }
    for (const path of ['/mark-read-each-item/1-1', '/notification/set-notification-is-seen', `/mark-read-group/${g1}`]) {
      expect((await post(t, undefined, path, path.includes('seen') ? { notification_ids: ['1-1'] } : undefined)).statusCode, path).toBe(
        401,
      );
    }
  });

  it('lists each kind the user can read now, and counts exactly the list', async () => {
    const topic = await postTopic(t, b.token, g1, { topic_title: 'Bの連絡' });
    const own = await postTopic(t, a.token, g2, { topic_title: 'Aの議題' });
    const c1 = await comment(t, b.token, g2, own, { content: '<p>賛成です</p>' });
    const file = await insertFile(t, { companyId: company, groupId: g1, uploaderId: b.id });
    const common = await postCommon(t, b.token, [g1]);
    const scheduled = await postTopic(t, b.token, g1, { topic_title: '予約', delivery_date: t.clock() + 3_600_000 });

    const res = await get(t, a.token, '/notification/unread?limit=50');
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    const ids = items.data.map((d: { id: string }) => d.id);
    expect(ids.sort()).toEqual([`1-${topic}`, `2-${c1}`, `3-${file}`, `6-${common}`].sort());
    expect(ids).not.toContain(`1-${own}`);
    expect(ids).not.toContain(`1-${scheduled}`);
    expect(items.total).toBe(4);
    const c = items.data.find((d: { id: string }) => d.id === `2-${c1}`);
    expect(c).toMatchObject({
      unread_type: 2,
      group_id: g2,
      topic_id: own,
      topic_comment_id: c1,
      title: 'Aの議題',
      content: '賛成です',
      update_by_user: '鈴木 花子',
      is_read: false,
    });

    expect((await get(t, a.token, '/notification/count/1')).json().items.count).toBe(4);
    const g1Count = (await get(t, a.token, `/notification/${g1}/count`)).json().items;
    expect(g1Count).toEqual({ count: 2, by_type: { '1': 1, '3': 1 } });
    expect(await unreadIds(t, a.token, g1)).toHaveLength(2);
    const data = (await get(t, a.token, '/unread/group-data')).json().items;
    expect(data).toMatchObject({ total: 4, common: 1, other: 0 });
    expect(data.groups.find((g: { group_id: number }) => g.group_id === g2)).toMatchObject({ count: 1, by_type: { '2': 1 } });
    // The group list badge is the same number.
    const mine = (await t.inject({ method: 'GET', url: '/service/api/v1/members/me/groups?limit=50', token: a.token })).json().items.data;
    expect(mine.find((g: { id: number }) => g.id === g1).unread_count).toBe(2);

    // The stranger from another company sees nothing of it.
    expect((await get(t, stranger.token, '/notification/count/1')).json().items.count).toBe(0);
    expect(await unreadIds(t, stranger.token)).toEqual([]);
  });

  it('a post is one unread item however many files it carries, in a group and on common topics', async () => {
    await t.ctx.db
      .updateTable('group_members')
      .set({ role_edit_topic: 1 })
      .where('group_id', '=', g2)
      .where('user_id', '=', b.id)
      .execute();
    const before = (await get(t, a.token, '/notification/count/1')).json().items.count;
    const topic = await postTopic(t, b.token, g2, { topic_title: '三つの添付' });
    for (let i = 0; i < 3; i++) await insertFile(t, { companyId: company, groupId: g2, uploaderId: b.id, topicId: topic });
    const common = await postCommon(t, b.token, [g2], { topic_title: '全社の添付' });
    for (let i = 0; i < 2; i++) await insertFile(t, { companyId: company, groupId: null, uploaderId: b.id, topicId: common });
    const loose = await insertFile(t, { companyId: company, groupId: g2, uploaderId: b.id });

    const ids = await unreadIds(t, a.token);
    expect(ids).toContain(`1-${topic}`);
    expect(ids).toContain(`6-${common}`);
    expect(ids).toContain(`3-${loose}`);
    expect((await get(t, a.token, '/notification/count/1')).json().items.count).toBe(before + 3);
    expect((await get(t, a.token, `/notification/${g2}/count`)).json().items.by_type).toMatchObject({ '1': 1, '3': 1 });
  });

  it('drops what the user can no longer read: left group, bin, deleted comment', async () => {
    const topic = await postTopic(t, b.token, g1, { topic_title: '退会前' });
    expect(await unreadIds(t, leaver.token)).toContain(`1-${topic}`);
    await t.ctx.db.deleteFrom('group_members').where('user_id', '=', leaver.id).where('group_id', '=', g1).execute();
    expect(await unreadIds(t, leaver.token)).toEqual([]);
    expect((await get(t, leaver.token, '/notification/count/1')).json().items.count).toBe(0);

    const binned = await postTopic(t, b.token, g1, { topic_title: 'ゴミ箱行き' });
    expect(await unreadIds(t, a.token)).toContain(`1-${binned}`);
    expect(
      (await t.inject({ method: 'POST', url: `${T(g1)}/move-topics-to-bin`, token: b.token, payload: { topic_ids: [binned] } })).statusCode,
    ).toBe(200);
    expect(await unreadIds(t, a.token)).not.toContain(`1-${binned}`);

    const own = await postTopic(t, a.token, g2, { topic_title: 'コメント削除' });
    const c = await comment(t, b.token, g2, own);
    expect(await unreadIds(t, a.token)).toContain(`2-${c}`);
    expect((await t.inject({ method: 'POST', url: `${T(g2)}/delete-comment-topic/${c}`, token: b.token })).statusCode).toBe(200);
    expect(await unreadIds(t, a.token)).not.toContain(`2-${c}`);
  });

  it('notifies replies to the user’s comment, not other comments on others’ topics', async () => {
    const topic = await postTopic(t, b.token, g1, { topic_title: '返信テスト' });
    const mineComment = await comment(t, a.token, g1, topic);
    const reply = await comment(t, b.token, g1, topic, { parent_id: mineComment });
    const unrelated = await comment(t, b.token, g1, topic);
    const ids = await unreadIds(t, a.token);
    expect(ids).toContain(`2-${reply}`);
    expect(ids).not.toContain(`2-${unrelated}`);
    expect(ids).not.toContain(`2-${mineComment}`);
  });

  it('marks one, the ticked ones, or a whole group read; refuses ids the user cannot read', async () => {
    const foreign = await postTopic(t, stranger.token, gOther);
    const inG1 = await postTopic(t, b.token, g1, { topic_title: '個別' });
    expect((await post(t, a.token, `/mark-read-each-item/1-${foreign}`)).statusCode).toBe(404);
    expect((await post(t, a.token, '/mark-read-each-item/garbage')).statusCode).toBe(400);
    expect((await post(t, a.token, '/mark-read-each-item/5-1')).statusCode).toBe(404);
    const before = (await get(t, a.token, '/notification/count/1')).json().items.count;
    expect((await post(t, a.token, `/mark-read-each-item/1-${inG1}`)).json().items.count).toBe(1);
    expect((await get(t, a.token, '/notification/count/1')).json().items.count).toBe(before - 1);
    // Marking again is harmless.
    expect((await post(t, a.token, `/mark-read-each-item/1-${inG1}`)).statusCode).toBe(200);

    const x = await postTopic(t, b.token, g1, { topic_title: 'x' });
    const y = await postTopic(t, b.token, g1, { topic_title: 'y' });
    expect((await post(t, a.token, '/notification/set-notification-is-seen', { notification_ids: [] })).statusCode).toBe(400);
    // One stranger id fails the whole request and writes nothing.
    expect(
      (await post(t, a.token, '/notification/set-notification-is-seen', { notification_ids: [`1-${x}`, `1-${foreign}`] })).statusCode,
    ).toBe(404);
    expect(await unreadIds(t, a.token)).toContain(`1-${x}`);
    expect(
      (await post(t, a.token, '/notification/set-notification-is-seen', { notification_ids: [`1-${x}`, `1-${y}`] })).json().items.count,
    ).toBe(2);
    expect(await unreadIds(t, a.token)).not.toContain(`1-${y}`);

    expect((await post(t, a.token, `/mark-read-group/${gOther}`)).statusCode).toBe(404);
    expect((await get(t, a.token, `/notification/${gOther}/count`)).statusCode).toBe(404);
    expect((await get(t, a.token, `/notification/unread?group_id=${gOther}`)).statusCode).toBe(404);
    await postTopic(t, b.token, g1, { topic_title: 'z' });
    expect((await post(t, a.token, `/mark-read-group/${g1}`)).statusCode).toBe(200);
    expect((await get(t, a.token, `/notification/${g1}/count`)).json().items.count).toBe(0);
    expect(await unreadIds(t, a.token, g1)).toEqual([]);
  });

  it('feeds the group top page: newest topics and files with read marks, its news, and the badge number', async () => {
    const fresh = await postTopic(t, b.token, g1, { topic_title: 'トップ掲載' });
    const file = await insertFile(t, { companyId: company, groupId: g1, uploaderId: b.id });
    await post(t, a.token, `/mark-read-each-item/3-${file}`);
    expect((await get(t, undefined, `/groups/${g1}/data-group-top`)).statusCode).toBe(401);
    expect((await get(t, a.token, `/groups/${gOther}/data-group-top`)).statusCode).toBe(404);
    expect((await get(t, a.token, `/groups/${gOther}/get-count-unread-data-group-top`)).statusCode).toBe(404);
    expect((await get(t, a.token, `/groups/abc/data-group-top`)).statusCode).toBe(400);
    const top = (await get(t, a.token, `/groups/${g1}/data-group-top`)).json().items;
    expect(top.topics[0]).toMatchObject({ id: `1-${fresh}`, title: 'トップ掲載', is_read: false });
    expect(top.files[0]).toMatchObject({ id: `3-${file}`, is_read: true });
    expect(top.news).toEqual([]);
    const count = (await get(t, a.token, `/groups/${g1}/get-count-unread-data-group-top`)).json().items;
    expect(count).toEqual((await get(t, a.token, `/notification/${g1}/count`)).json().items);
  });

  it('refuses bad input', async () => {
    expect((await get(t, a.token, '/notification/count/3')).statusCode).toBe(400);
    expect((await get(t, a.token, '/notification/unread?limit=0')).statusCode).toBe(400);
    expect((await get(t, a.token, '/notification/unread?group_id=abc')).statusCode).toBe(400);
    expect((await get(t, a.token, '/notification/x/count')).statusCode).toBe(400);
  });

  it('pages the list newest first', async () => {
    const ids = await unreadIds(t, a.token);
    const p1 = (await get(t, a.token, '/notification/unread?limit=1&page=1')).json().items;
    const p2 = (await get(t, a.token, '/notification/unread?limit=1&page=2')).json().items;
    expect(p1.total).toBe(ids.length);
    expect(p1.last_page).toBe(ids.length);
    expect([p1.data[0].id, p2.data[0].id]).toEqual(ids.slice(0, 2));
    expect(p1.data[0].updated_at).toBeGreaterThanOrEqual(p2.data[0].updated_at);
  });
});
