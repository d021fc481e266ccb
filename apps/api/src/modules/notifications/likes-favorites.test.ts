import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, C, comment, get, groupWith, insertFile, postCommon, postTopic, T, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('like notices and favourites (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let g: number;
  let gOther: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    a = await actor(t, { companyId: company, lastName: '佐藤', firstName: '一郎' });
    b = await actor(t, { companyId: company, lastName: '鈴木', firstName: '花子' });
    c = await actor(t, { companyId: company, lastName: '高橋', firstName: '健' });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', b.id).execute();
    g = await groupWith(t, company, [
      [a.id, { role_edit_topic: 1 }],
      [b.id, { role_edit_topic: 1 }],
      [c.id, {}],
    ]);
    gOther = await groupWith(t, company, [[b.id, { role_edit_topic: 1 }]]);
  });
  afterAll(() => t.close());

  const like = (token: string, url: string, is_like = true) => t.inject({ method: 'POST', url, token, payload: { is_like } });

  it('groups likes per liked item with likers and the like character; the dropdown marks all read', async () => {
    const topic = await postTopic(t, a.token, g, { topic_title: '新製品', like_character_change: '👏' });
    const cm = await comment(t, a.token, g, topic, { content: '<p>補足です</p>' });
    expect((await like(b.token, `${T(g)}/like-or-dislike-topic/${topic}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await like(c.token, `${T(g)}/like-or-dislike-topic/${topic}`)).statusCode).toBe(200);
    expect((await like(b.token, `${T(g)}/${topic}/like-or-dislike-comment/${cm}`)).statusCode).toBe(200);
    // Own likes are no notice.
    await like(a.token, `${T(g)}/like-or-dislike-topic/${topic}`);

    expect((await get(t, a.token, '/notification/count/2')).json().items.count).toBe(2);
    const list = (await get(t, a.token, '/notification/like')).json().items;
    expect(list.total).toBe(2);
    const onTopic = list.data.find((d: { like_type: number }) => d.like_type === 1);
    expect(onTopic).toMatchObject({
      like_target_id: topic,
      group_id: g,
      like_count: 2,
      like_target: '新製品',
      like_character_change: '👏',
      is_read: false,
    });
    expect(onTopic.update_by_user.map((u: { name: string }) => u.name).sort()).toEqual(['鈴木 花子', '高橋 健']);
    const onComment = list.data.find((d: { like_type: number }) => d.like_type === 2);
    expect(onComment).toMatchObject({ like_target_id: cm, topic_id: topic, comment_id: cm, comment_content: '補足です', like_count: 1 });
    expect((await get(t, b.token, '/notification/count/2')).json().items.count).toBe(0);

    t.clock.advance(1000);
    expect((await get(t, a.token, '/notification/mark-read-all-like')).statusCode).toBe(200);
    expect((await get(t, a.token, '/notification/count/2')).json().items.count).toBe(0);
    expect((await get(t, a.token, '/notification/like')).json().items.data.every((d: { is_read: boolean }) => d.is_read)).toBe(true);
    t.clock.advance(1000);
    await like(c.token, `${T(g)}/${topic}/like-or-dislike-comment/${cm}`);
    expect((await get(t, a.token, '/notification/count/2')).json().items.count).toBe(1);
  });

  it('hides likers of a topic that hides them, and forgets likes on what the user can no longer read', async () => {
    const hidden = await postTopic(t, a.token, g, { topic_title: '匿名いいね', how_nice: ['1', '2'] });
    await like(b.token, `${T(g)}/like-or-dislike-topic/${hidden}`);
    const row = (await get(t, a.token, '/notification/like'))
      .json()
      .items.data.find((d: { like_target_id: number; like_type: number }) => d.like_type === 1 && d.like_target_id === hidden);
    expect(row).toMatchObject({ like_count: 1, update_by_user: [] });
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', g).where('user_id', '=', a.id).execute();
    expect((await get(t, a.token, '/notification/like')).json().items.total).toBe(0);
    expect((await get(t, a.token, '/notification/count/2')).json().items.count).toBe(0);
    await t.addMember(g, a.id, { role_edit_topic: 1 });
  });

  it('lists favourite topics and files the user can read, unread first marked, and counts them', async () => {
    const topic = await postTopic(t, b.token, g, { topic_title: 'お気に入り候補' });
    const common = await postCommon(t, b.token, [g], { topic_title: '全社のお知らせ' });
    const file = await insertFile(t, { companyId: company, groupId: g, uploaderId: b.id });
    const foreignTopic = await postTopic(t, b.token, gOther);
    expect(
      (await t.inject({ method: 'POST', url: `${T(g)}/favorite-topic/${topic}`, token: a.token, payload: { is_favor: true } })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: `${C}/favorite/${common}`, token: a.token, payload: { is_favor: true } })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/service/api/v1/members/me/groups/${g}/mark-favorite-file/${file}`,
          token: a.token,
          payload: { is_favor: true },
        })
      ).statusCode,
    ).toBe(200);
    // A favourite row for something the user cannot read (forged in the table) never shows.
    await t.ctx.db.insertInto('topic_favorites').values({ topic_id: foreignTopic, user_id: a.id, created_at: t.clock() }).execute();

    const list = (await get(t, a.token, '/favorite')).json().items;
    expect(list.data.map((d: { id: string }) => d.id).sort()).toEqual([`5-${topic}`, `1-${common}`, `6-${file}`].sort());
    expect(list.data.find((d: { id: string }) => d.id === `1-${common}`)).toMatchObject({
      favorite_target_type: 1,
      group_id: null,
      title: '全社のお知らせ',
      is_read: false,
    });
    expect((await get(t, a.token, '/count-favorite')).json().items).toEqual({ count: 3, unread: 3 });
    await t.inject({ method: 'POST', url: `${T(g)}/set-topic-is-seen/${topic}`, token: a.token });
    expect((await get(t, a.token, '/count-favorite')).json().items).toEqual({ count: 3, unread: 2 });
    await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-bin`, token: b.token, payload: { topic_ids: [topic] } });
    expect((await get(t, a.token, '/count-favorite')).json().items).toEqual({ count: 2, unread: 2 });
    expect((await get(t, a.token, '/favorite?limit=1&page=2')).json().items).toMatchObject({ last_page: 2, total: 2 });
    expect((await get(t, c.token, '/favorite')).json().items.total).toBe(0);
    expect((await get(t, a.token, '/favorite?limit=500')).statusCode).toBe(400);
    expect((await get(t, undefined, '/favorite')).statusCode).toBe(401);
  });

  it('classifies a favourite by where the item lives: a group’s topic attachment is a group file, a common one a common file', async () => {
    const M = '/service/api/v1/members/me';
    const favor = (url: string) => t.inject({ method: 'POST', url, token: a.token, payload: { is_favor: true } });
    const topic = await postTopic(t, b.token, g, { topic_title: '添付つき' });
    const common = await postCommon(t, b.token, [g], { topic_title: '全社添付' });
    const groupAttachment = await insertFile(t, { companyId: company, groupId: g, uploaderId: b.id, topicId: topic });
    const commonAttachment = await insertFile(t, { companyId: company, groupId: null, uploaderId: b.id, topicId: common });
    const foreign = await insertFile(t, { companyId: company, groupId: gOther, uploaderId: b.id });
    expect((await favor(`${M}/groups/${g}/mark-favorite-file/${groupAttachment}`)).statusCode).toBe(200);
    expect((await favor(`${M}/mark-favorite-common-file/${commonAttachment}`)).statusCode).toBe(200);
    // The common route does not take a group's file: it is not in the common area.
    expect((await favor(`${M}/mark-favorite-common-file/${groupAttachment}`)).statusCode).toBe(404);
    // Marks stored however they came (a common-area mark on a group's file, another group's
    // file): the group's file lists as a group file, the unreadable one not at all.
    await t.ctx.db.insertInto('file_favorites').values({ file_id: foreign, user_id: a.id, created_at: t.clock() }).execute();

    const items = (await get(t, a.token, '/favorite?limit=50')).json().items.data as {
      id: string;
      favorite_target_type: number;
      group_id: number | null;
      group_name: string | null;
    }[];
    expect(items.find((d) => d.id === `6-${groupAttachment}`)).toMatchObject({ favorite_target_type: 6, group_id: g });
    expect(items.find((d) => d.id === `6-${groupAttachment}`)!.group_name).toBeTruthy();
    expect(items.find((d) => d.id === `2-${commonAttachment}`)).toMatchObject({ favorite_target_type: 2, group_id: null });
    expect(items.map((d) => d.id)).not.toContain(`6-${foreign}`);
    expect(items.map((d) => d.id)).not.toContain(`2-${foreign}`);
    // Everything of a group is a group kind (5, 6); nothing common carries a group.
    for (const d of items) expect(d.group_id === null ? [1, 2] : [5, 6]).toContain(d.favorite_target_type);

    // The attachment follows its topic: binned topic, no favourite.
    await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-bin`, token: b.token, payload: { topic_ids: [topic] } });
    const after = (await get(t, a.token, '/favorite?limit=50')).json().items.data as { id: string }[];
    expect(after.map((d) => d.id)).not.toContain(`6-${groupAttachment}`);
    expect(after.map((d) => d.id)).toContain(`2-${commonAttachment}`);
  });
});
