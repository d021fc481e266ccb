import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { calendarFixture, CAL, createEvent, eventBody, type CalFixture } from '../calendar/testing';
import { API, createChat, send } from '../chat/testing';
import { actor, find, groupWith, keys, type Actor } from './fixtures.test-util';
import { reindexAll } from './reindex';

const CHAT = { target_search: 3 };
const CALENDAR = { target_search: 2 };

describe.each(DIALECTS)('search: chat messages, as the chat lets the caller read them (%s)', (dialect) => {
  let t: TestApp;
  let a: Actor, b: Actor, c: Actor, d: Actor;
  let chat: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    const mk = () => actor(t, { companyId: company });
    [a, b, c, d] = await Promise.all([mk(), mk(), mk(), mk()]);
    const g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
      [d.id, {}],
    ]);
    chat = await createChat(t, a.token, g, [b.id, c.id], '出張班');
  });
  afterAll(() => t.close());

  it('members find a message by a word inside it, with Japanese folding; others and former members do not', async () => {
    const m = await send(t, a.token, chat, '来週は東京で会議です');
    const kana = await send(t, b.token, chat, 'ﾄｳｷｮｳ駅に九時集合');
    const hits = await find(t, b.token, '東京', CHAT);
    expect(keys(hits)).toEqual([`chat:${m.id}`]);
    expect(hits.data[0]).toMatchObject({
      title: '出張班',
      location: { type: 'chat', name: '出張班' },
      link: `/chat/detail/${chat}?from=search&messageId=${m.id}`,
    });
    expect(hits.data[0]!.snippet.slice(...(hits.data[0]!.highlights[0] as [number, number]))).toBe('東京');
    for (const kw of ['トウキョウ', 'ﾄｳｷｮｳ', 'とうきょう']) expect(keys(await find(t, c.token, kw, CHAT))).toEqual([`chat:${kana.id}`]);
    // In the group but never in the chat.
    expect((await find(t, d.token, '東京', CHAT)).total).toBe(0);
    // The chat target never answers with topics, nor the topic target with messages.
    expect(keys(await find(t, b.token, '東京'))).toEqual([]);

    expect(
      (await t.inject({ method: 'POST', url: `${API}/leave-group-chat`, token: c.token, payload: { group_chat_id: chat } })).statusCode,
    ).toBe(200);
    expect((await find(t, c.token, '東京', CHAT)).total).toBe(0);
    expect((await find(t, c.token, 'トウキョウ', CHAT)).total).toBe(0);
    expect(keys(await find(t, b.token, 'トウキョウ', CHAT))).toEqual([`chat:${kana.id}`]);
  });

  it('a deleted message is gone from the index in the same write; notices are not indexed', async () => {
    const m = await send(t, a.token, chat, '大阪支店の件');
    expect(keys(await find(t, b.token, '大阪', CHAT))).toEqual([`chat:${m.id}`]);
    expect((await t.inject({ method: 'DELETE', url: `${API}/message/${chat}/${m.id}`, token: a.token })).statusCode).toBe(200);
    expect((await find(t, b.token, '大阪', CHAT)).total).toBe(0);
    const docs = await t.ctx.db.selectFrom('search_docs').select('id').where('kind', '=', 4).where('ref_id', '=', m.id).execute();
    expect(docs).toEqual([]);
    // A rename leaves a notice message holding the new name: not something anyone wrote.
    expect(
      (await t.inject({ method: 'POST', url: `${API}/update-group-chat-name/${chat}`, token: a.token, payload: { name: '名古屋班' } }))
        .statusCode,
    ).toBe(200);
    expect((await find(t, b.token, '名古屋', CHAT)).total).toBe(0);
  });

  it('reindex rebuilds chat messages from the rows', async () => {
    const m = await send(t, a.token, chat, '福岡の天気');
    // A write that bypassed the hooks (as a restored database would be): the index is stale until rebuilt.
    await t.ctx.db.updateTable('chat_messages').set({ content: '札幌の天気' }).where('id', '=', m.id).execute();
    expect((await find(t, b.token, '札幌', CHAT)).total).toBe(0);
    const counts = await reindexAll(t.ctx.db);
    expect(counts[4]).toBeGreaterThanOrEqual(2);
    expect(keys(await find(t, b.token, '札幌', CHAT))).toEqual([`chat:${m.id}`]);
    expect((await find(t, b.token, '福岡', CHAT)).total).toBe(0);
    expect((await find(t, b.token, '大阪', CHAT)).total).toBe(0);
    expect((await find(t, d.token, '札幌', CHAT)).total).toBe(0);
  });
});

describe.each(DIALECTS)('search: calendar events, as the calendar shares them (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: Record<string, unknown>) =>
    t.inject({ method: 'PATCH', url: `${CAL}/${id}`, token: fx.owner, payload: payload as never });
  const del = (id: number, q = '') => t.inject({ method: 'DELETE', url: `${CAL}/${id}${q}`, token: fx.owner });

  it('finds an event shared with the caller by title (ja/en) and memo; one not shared stays hidden', async () => {
    const group = await createEvent(
      t,
      fx.owner,
      eventBody({ group_id: fx.g1, title_ja: '東京出張', title_en: 'Tokyo trip', memo: '新幹線で移動' }),
    );
    const chosen = await createEvent(t, fx.owner, eventBody({ share_type: 2, user_ids: [fx.sharerId], title_ja: '東京で面談', memo: '' }));
    const hits = await find(t, fx.sharer, '東京', CALENDAR);
    expect(keys(hits).sort()).toEqual([`calendar:${group}`, `calendar:${chosen}`].sort());
    expect(hits.data.find((h) => h.id === group)).toMatchObject({
      title: '東京出張',
      location: { type: 'calendar' },
      link: `/calendar/${group}?from=search`,
    });
    expect(keys(await find(t, fx.sharer, 'tokyo', { ...CALENDAR, target_data: '1' }))).toEqual([`calendar:${group}`]);
    expect(keys(await find(t, fx.sharer, '新幹線', { ...CALENDAR, target_data: '2' }))).toEqual([`calendar:${group}`]);
    expect((await find(t, fx.sharer, '新幹線', { ...CALENDAR, target_data: '1' })).total).toBe(0);
    expect(keys(await find(t, fx.owner, 'とうきょう', CALENDAR))).toEqual([]);
    // Another group of the same company, and another company.
    expect((await find(t, fx.stranger, '東京', CALENDAR)).total).toBe(0);
    expect((await find(t, fx.outsider, '東京', CALENDAR)).total).toBe(0);
  });

  it('an edit replaces the indexed text; deleting removes it', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: '大阪の展示会', memo: '' }));
    expect(keys(await find(t, fx.sharer, '大阪', CALENDAR))).toEqual([`calendar:${id}`]);
    expect((await patch(id, { event: eventBody({ group_id: fx.g1, title_ja: '京都の展示会', memo: '' }), edit_type: 3 })).statusCode).toBe(
      200,
    );
    expect((await find(t, fx.sharer, '大阪', CALENDAR)).total).toBe(0);
    expect(keys(await find(t, fx.sharer, '京都', CALENDAR))).toEqual([`calendar:${id}`]);
    expect((await del(id)).statusCode).toBe(200);
    expect((await find(t, fx.sharer, '京都', CALENDAR)).total).toBe(0);
  });

  it('repeats: one occurrence renamed is found; "this and future" keeps the earlier part; deleting all removes it', async () => {
    const series = {
      plan_type: 3,
      repeat_type: 1,
      deadline_type: 2,
      end_deadline: '2026-11-20',
      group_id: fx.g1,
      memo: '',
      event_start_date: '2026-11-16',
      event_end_date: '2026-11-16',
    };
    const id = await createEvent(t, fx.owner, eventBody({ ...series, title_ja: '神戸日報' }));
    const one = await patch(id, {
      event: eventBody({ ...series, title_ja: '横浜日報', event_start_date: '2026-11-17', event_end_date: '2026-11-17' }),
      edit_type: 1,
      edit_date: '2026-11-17',
    });
    expect(one.statusCode).toBe(200);
    expect(keys(await find(t, fx.sharer, '横浜', CALENDAR))).toEqual([`calendar:${id}`]);
    expect((await del(id, '?delete_type=2&delete_date=2026-11-17')).statusCode).toBe(200);
    // The renamed occurrence was cut off; the series' first days remain and are still found.
    expect((await find(t, fx.sharer, '横浜', CALENDAR)).total).toBe(0);
    expect(keys(await find(t, fx.sharer, '神戸', CALENDAR))).toEqual([`calendar:${id}`]);
    expect((await del(id, '?delete_type=3')).statusCode).toBe(200);
    expect((await find(t, fx.sharer, '神戸', CALENDAR)).total).toBe(0);
  });

  it('reindex rebuilds calendar events from the rows', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: '仙台視察', memo: '' }));
    await t.ctx.db.updateTable('calendar_events').set({ memo: '牛たん' }).where('id', '=', id).execute();
    expect((await find(t, fx.sharer, '牛たん', CALENDAR)).total).toBe(0);
    const counts = await reindexAll(t.ctx.db);
    expect(counts[5]).toBeGreaterThanOrEqual(1);
    expect(keys(await find(t, fx.sharer, '牛たん', CALENDAR))).toEqual([`calendar:${id}`]);
    expect(keys(await find(t, fx.sharer, '仙台', CALENDAR))).toEqual([`calendar:${id}`]);
    expect((await find(t, fx.stranger, '牛たん', CALENDAR)).total).toBe(0);
  });
});
