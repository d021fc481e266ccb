import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, find, groupWith, keys, postTopic, T, type Actor } from './fixtures.test-util';
import { reindexAll } from './reindex';

describe.each(DIALECTS)('search: Japanese matching and the index kept with the rows (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[me.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  it('finds a 2-character word inside longer text, and 1-character words', async () => {
    const id = await postTopic(t, me.token, g, { topic_title: '週報', content: '<p>来月から東京支社で新しい会議体を始めます。</p>' });
    expect(keys(await find(t, me.token, '東京'))).toEqual([`topic:${id}`]);
    expect(keys(await find(t, me.token, '東京支社'))).toEqual([`topic:${id}`]);
    expect(keys(await find(t, me.token, '会'))).toContain(`topic:${id}`);
    expect(keys(await find(t, me.token, '京東'))).toEqual([]);
    // Words separated by a space must all occur.
    expect(keys(await find(t, me.token, '東京　会議体'))).toEqual([`topic:${id}`]);
    expect(keys(await find(t, me.token, '東京 大阪'))).toEqual([]);
  });

  it('folds half/full width, case and katakana/hiragana both ways', async () => {
    const kata = await postTopic(t, me.token, g, { topic_title: 'トウキョウ出張', content: '<p>予定</p>' });
    const half = await postTopic(t, me.token, g, { topic_title: '連絡', content: '<p>ﾄｳｷｮｳ駅集合</p>' });
    const hira = await postTopic(t, me.token, g, { topic_title: 'とうきょうの地図', content: '<p>添付</p>' });
    const abc = await postTopic(t, me.token, g, { topic_title: 'ABC社との打合せ', content: '<p>議事録</p>' });
    for (const kw of ['ﾄｳｷｮｳ', 'トウキョウ', 'とうきょう']) {
      expect(keys(await find(t, me.token, kw)).sort()).toEqual([`topic:${kata}`, `topic:${half}`, `topic:${hira}`].sort());
    }
    expect(keys(await find(t, me.token, 'ＡＢＣ'))).toEqual([`topic:${abc}`]);
    expect(keys(await find(t, me.token, 'abc社'))).toEqual([`topic:${abc}`]);
    const hit = (await find(t, me.token, 'とうきょう')).data.find((h) => h.id === half)!;
    const [[s, e]] = hit.highlights as [[number, number]];
    expect(hit.snippet.slice(s, e)).toBe('ﾄｳｷｮｳ');
  });

  it('searches only the chosen data kinds', async () => {
    const id = await postTopic(t, me.token, g, { topic_title: '品川の件', content: '<p>横浜で打合せ</p>' });
    expect(keys(await find(t, me.token, '横浜', { target_data: '1' }))).toEqual([]);
    expect(keys(await find(t, me.token, '横浜', { target_data: '2' }))).toEqual([`topic:${id}`]);
    expect(keys(await find(t, me.token, '品川', { target_data: '1' }))).toEqual([`topic:${id}`]);
    // Uploader: the author's name (or reading) finds their topics.
    const author = await actor(t, { companyId: me.companyId, lastName: '蔵前', firstName: '一郎' });
    await t.addMember(g, author.id, { role_edit_topic: 1 });
    const theirs = await postTopic(t, author.token, g, { topic_title: '無題', content: '<p>本文</p>' });
    expect(keys(await find(t, me.token, '蔵前', { target_data: '4' }))).toEqual([`topic:${theirs}`]);
    expect(keys(await find(t, me.token, '蔵前', { target_data: '1,2' }))).toEqual([]);
  });

  it('indexes an edit in place of the old text and forgets a deleted topic', async () => {
    const id = await postTopic(t, me.token, g, { topic_title: '札幌の予定', content: '<p>未定</p>' });
    const res = await t.inject({
      method: 'POST',
      url: `${T(g)}/update-topic/${id}`,
      token: me.token,
      payload: { topic_title: '仙台の予定', content: '<p>決定</p>', how_nice: ['1'], comment_options: ['1'] },
    });
    expect(res.statusCode).toBe(200);
    expect(keys(await find(t, me.token, '札幌'))).toEqual([]);
    expect(keys(await find(t, me.token, '仙台'))).toEqual([`topic:${id}`]);
    // The first delete moves it to the bin (still indexed, not found), the second purges it.
    await t.inject({ method: 'POST', url: `${T(g)}/delete-topic/${id}`, token: me.token });
    expect(keys(await find(t, me.token, '仙台'))).toEqual([]);
    await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-unclassified`, token: me.token, payload: { topic_ids: [id] } });
    expect(keys(await find(t, me.token, '仙台'))).toEqual([`topic:${id}`]);
    await t.inject({ method: 'POST', url: `${T(g)}/delete-topic/${id}`, token: me.token });
    await t.inject({ method: 'POST', url: `${T(g)}/delete-topic/${id}`, token: me.token });
    expect(keys(await find(t, me.token, '仙台'))).toEqual([]);
    const left = await t.ctx.db.selectFrom('search_docs').select('id').where('kind', '=', 1).where('ref_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('finds comments (opening the topic at the comment) until they are deleted', async () => {
    const topic = await postTopic(t, me.token, g, { topic_title: '議題', content: '<p>意見募集</p>' });
    const res = await t.inject({
      method: 'POST',
      url: `${T(g)}/add-new-comment`,
      token: me.token,
      payload: { topic_id: topic, content: '<p>名古屋案に賛成です</p>' },
    });
    const comment = (res.json() as { items: { id: number } }).items.id;
    const [hit] = (await find(t, me.token, '名古屋')).data;
    expect(hit).toMatchObject({
      kind: 'comment',
      id: comment,
      title: '議題',
      link: `/group/${g}/topic/${topic}?from=search&commentSearchId=${comment}`,
    });
    expect(keys(await find(t, me.token, '名古屋', { target_data: '1,2' }))).toEqual([]);
    await t.inject({ method: 'POST', url: `${T(g)}/delete-comment-topic/${comment}`, token: me.token });
    expect(keys(await find(t, me.token, '名古屋'))).toEqual([]);
  });

  it('pages newest first by the user’s list size and counts every hit', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await postTopic(t, me.token, g, { topic_title: `神戸便り${i}`, content: '<p>本文</p>' }));
      t.clock.advance(1000);
    }
    const first = await find(t, me.token, '神戸', { limit: 2 });
    expect(first).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    expect(keys(first)).toEqual([`topic:${ids[2]}`, `topic:${ids[1]}`]);
    expect(keys(await find(t, me.token, '神戸', { limit: 2, page: 2 }))).toEqual([`topic:${ids[0]}`]);
    // Default page size: setting_display.number_item_lists (10).
    expect((await find(t, me.token, '神戸')).data).toHaveLength(3);
  });

  it('keeps time ranges: a week by default, a custom range by Japan calendar days', async () => {
    const id = await postTopic(t, me.token, g, { topic_title: '福岡の旧い話', content: '<p>昔</p>' });
    t.clock.advance(10 * 86_400_000);
    me.token = await t.login(me);
    expect(keys(await find(t, me.token, '福岡'))).toEqual([]);
    expect(keys(await find(t, me.token, '福岡', { time_range: 1 }))).toEqual([`topic:${id}`]);
    // The topic was written at 2026-11-02 09:00 JST (plus the earlier tests' seconds).
    expect(keys(await find(t, me.token, '福岡', { time_range: 5, time_start: '2026/11/02', time_end: '2026/11/02' }))).toEqual([
      `topic:${id}`,
    ]);
    expect(keys(await find(t, me.token, '福岡', { time_range: 5, time_start: '2026/11/03', time_end: '2026/11/05' }))).toEqual([]);
  });

  it('rebuilds the same index from the rows', async () => {
    const before = keys(await find(t, me.token, 'とうきょう', { time_range: 4 }));
    await t.ctx.db.deleteFrom('search_docs').execute();
    expect(keys(await find(t, me.token, 'とうきょう', { time_range: 4 }))).toEqual([]);
    const counts = await reindexAll(t.ctx.db);
    expect(counts[1]).toBeGreaterThan(0);
    expect(keys(await find(t, me.token, 'とうきょう', { time_range: 4 }))).toEqual(before);
    expect(before.length).toBe(3);
  });
});
