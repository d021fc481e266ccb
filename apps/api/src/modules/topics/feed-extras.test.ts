import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, C, G, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('feed title filter, favourites and clean-bin (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let reader: Actor;
  let admin: Actor;
  let outsider: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    admin = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [reader.id, {}],
      [admin.id, { role_admin: 1 }],
    ]);
    await groupWith(t, company, [[outsider.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => t.inject({ method: 'GET', url, token });
  const post = (url: string, token: string, payload: unknown = {}) => t.inject({ method: 'POST', url, token, payload: payload as never });
  const ids = async (url: string, token = reader.token) => {
    const res = await get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return (res.json().items.data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  const q = (s: string) => encodeURIComponent(s);

  it('filters the group lists by title: width, case and kana folded; wildcards literal; keyset paging intact', async () => {
    const gx = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [reader.id, {}],
    ]);
    const post1 = (title: string) => postTopic(t, editor.token, gx, { topic_title: title });
    const weekly = await post1('週報');
    const weekly2 = await post1('週報（第2週）');
    const test = await post1('テスト計画');
    const abc = await post1('abc会議');
    const percent = await post1('進捗100%_達成');
    const plain = await post1('100件の報告');
    const all = `${T(gx)}/get-not-delete-topics`;

    expect(await ids(`${all}?title=${q('週報')}`)).toEqual([weekly, weekly2]);
    expect(await ids(`${all}?title=${q('ﾃｽﾄ')}`)).toEqual([test]);
    expect(await ids(`${all}?title=${q('てすと')}`)).toEqual([test]);
    expect(await ids(`${all}?title=${q('ＡＢＣ')}`)).toEqual([abc]);
    expect(await ids(`${all}?title=ABC`)).toEqual([abc]);
    // The user's % and _ are characters, not wildcards.
    expect(await ids(`${all}?title=${q('%')}`)).toEqual([percent]);
    expect(await ids(`${all}?title=${q('_')}`)).toEqual([percent]);
    expect(await ids(`${all}?title=${q('100%')}`)).toEqual([percent]);
    expect(await ids(`${all}?title=100`)).toEqual([percent, plain]);
    expect(await ids(`${all}?title=${q('   ')}`)).toHaveLength(6);
    expect(await ids(`${all}?title=${q('存在しない')}`)).toEqual([]);

    // Keyset paging within the filter, by update and by title.
    for (const order of ['orderBy=update&sortedBy=desc', 'orderBy=title&sortedBy=asc']) {
      const first = (await get(`${all}?title=${q('週報')}&limit=1&${order}`, reader.token)).json().items;
      expect(first.data).toHaveLength(1);
      expect(first.has_more).toBe(true);
      const second = (await get(`${all}?title=${q('週報')}&limit=1&${order}&cursor=${q(first.next_cursor)}`, reader.token)).json().items;
      expect(second.data).toHaveLength(1);
      expect(second.has_more).toBe(false);
      expect([first.data[0].id, second.data[0].id].sort((a, b) => a - b)).toEqual([weekly, weekly2]);
    }

    // Folder, unclassified and bin lists take the same filter.
    const folder = (await post(`${G(gx)}/folder/create-new-folder`, editor.token, { type: 1, folder_name: '定例' })).json().items.id;
    await post(`${T(gx)}/move-topics-to-selected-folder`, editor.token, { topic_ids: [weekly], folder_id: folder });
    await post(`${T(gx)}/move-topics-to-bin`, editor.token, { topic_ids: [test] });
    expect(await ids(`${T(gx)}/get-topics-by-folder/${folder}?title=${q('週報')}`)).toEqual([weekly]);
    expect(await ids(`${T(gx)}/get-unclassification-topics?title=${q('週報')}`)).toEqual([weekly2]);
    expect(await ids(`${T(gx)}/get-deleted-topics?title=${q('ﾃｽﾄ')}`)).toEqual([test]);
    expect(await ids(`${all}?title=${q('ﾃｽﾄ')}`)).toEqual([]);

    // An edit rewrites the stored search form.
    const upd = await post(`${T(gx)}/update-topic/${abc}`, editor.token, topicBody({ topic_title: 'ｼｭｳﾎｳ まとめ' }));
    expect(upd.statusCode).toBe(200);
    expect(await ids(`${all}?title=${q('しゅうほう')}`)).toEqual([abc]);
    expect(await ids(`${all}?title=ABC`)).toEqual([]);
  });

  it('refuses a title filter over 100 characters on every list', async () => {
    const long = 'あ'.repeat(101);
    for (const url of [`${T(g)}/get-not-delete-topics`, `${T(g)}/get-feature-topics`, `${T(g)}/get-deleted-topics`, `${C}/list`]) {
      const res = await get(`${url}?title=${q(long)}`, reader.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.title).toContain('validation.max_length');
    }
    expect((await get(`${T(g)}/get-not-delete-topics?title=${q('あ'.repeat(100))}`, reader.token)).statusCode).toBe(200);
  });

  it('filters the common topic list by title, only among topics that reach the caller', async () => {
    const poster = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', poster.id).execute();
    const create = async (title: string) => {
      const res = await post(`${C}/create`, poster.token, topicBody({ topic_title: title, selected_group: [g] }));
      expect(res.statusCode).toBe(200);
      return res.json().items.id as number;
    };
    const weekly = await create('全社週報');
    await create('お知らせ');
    expect(await ids(`${C}/list?title=${q('週報')}`)).toEqual([weekly]);
    expect(await ids(`${C}/list?title=${q('週報')}`, outsider.token)).toEqual([]);
  });

  it('get-feature-topics lists the caller’s own favourites of the group, outside the bin, with the filters', async () => {
    const gf = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [reader.id, {}],
    ]);
    const a = await postTopic(t, editor.token, gf, { topic_title: '週報 A' });
    const b = await postTopic(t, editor.token, gf, { topic_title: '議事録 B' });
    const c = await postTopic(t, editor.token, gf, { topic_title: '週報 C' });
    await postTopic(t, editor.token, gf, { topic_title: '週報 D' });
    const favor = (token: string, id: number, on = true) => post(`${T(gf)}/favorite-topic/${id}`, token, { is_favor: on });
    await favor(reader.token, a);
    await favor(reader.token, b);
    await favor(reader.token, c);
    await favor(editor.token, c);
    // A favourite in another group never shows here.
    const elsewhere = await postTopic(t, editor.token, g);
    await post(`${T(g)}/favorite-topic/${elsewhere}`, reader.token, { is_favor: true });

    const feature = `${T(gf)}/get-feature-topics`;
    expect(await ids(feature)).toEqual([a, b, c]);
    expect(await ids(feature, editor.token)).toEqual([c]);
    expect(await ids(`${feature}?title=${q('ｼｭｳﾎｳ')}`)).toEqual([]);
    expect(await ids(`${feature}?title=${q('週報')}`)).toEqual([a, c]);
    await post(`${T(gf)}/set-topic-is-seen/${a}`, reader.token);
    expect(await ids(`${feature}?unread_only=1`)).toEqual([b, c]);
    await post(`${T(gf)}/move-topics-to-bin`, editor.token, { topic_ids: [b] });
    await favor(reader.token, c, false);
    expect(await ids(feature)).toEqual([a]);
    const page = (await get(`${feature}?limit=1`, reader.token)).json().items;
    expect(page).toMatchObject({ current_page: 1, has_more: false });
    expect(page.data[0]).toMatchObject({ id: a, title: '週報 A', is_read: true, topic_type: 2, group_id: gf });

    expect((await get(feature)).statusCode).toBe(401);
    const stranger = await get(feature, outsider.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().status_code).toBe('GROUP_NOT_FOUND');
    expect((await get(`${feature}?orderBy=evil`, reader.token)).statusCode).toBe(400);
  });

  it('clean-bin: administrators only, this group only, the same as empty-topics-bin', async () => {
    const gb = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [admin.id, { role_admin: 1 }],
      [reader.id, {}],
    ]);
    const other = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    const [live, bin1, bin2] = [
      await postTopic(t, editor.token, gb),
      await postTopic(t, editor.token, gb),
      await postTopic(t, editor.token, gb),
    ];
    const theirs = await postTopic(t, admin.token, other);
    await post(`${T(gb)}/move-topics-to-bin`, editor.token, { topic_ids: [bin1, bin2] });
    await post(`${T(other)}/move-topics-to-bin`, admin.token, { topic_ids: [theirs] });
    const clean = (groupId: number | string, token?: string) =>
      t.inject({ method: 'DELETE', url: `${G(groupId as number)}/clean-bin`, token });

    expect((await clean(gb)).statusCode).toBe(401);
    expect((await clean(gb, editor.token)).statusCode).toBe(403);
    expect((await clean(gb, reader.token)).statusCode).toBe(403);
    const stranger = await clean(gb, outsider.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().status_code).toBe('GROUP_NOT_FOUND');
    expect((await clean('abc', admin.token)).statusCode).toBe(400);
    expect(await ids(`${T(gb)}/get-deleted-topics`, editor.token)).toEqual([bin1, bin2]);

    const done = await clean(gb, admin.token);
    expect(done.statusCode).toBe(200);
    expect(done.json().items).toEqual({ count: 2 });
    expect(await ids(`${T(gb)}/get-deleted-topics`, editor.token)).toEqual([]);
    expect(await ids(`${T(gb)}/get-not-delete-topics`, editor.token)).toEqual([live]);
    expect(await t.ctx.db.selectFrom('topics').select('id').where('id', 'in', [bin1, bin2]).execute()).toEqual([]);
    // The other group's bin is untouched, and an empty bin cleans to zero.
    expect(await ids(`${T(other)}/get-deleted-topics`, admin.token)).toEqual([theirs]);
    expect((await clean(gb, admin.token)).json().items).toEqual({ count: 0 });
    // empty-topics-bin is the same action.
    expect((await post(`${T(other)}/empty-topics-bin`, admin.token, { group_id: other })).json().items).toEqual({ count: 1 });
  });
});
