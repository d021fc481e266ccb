import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeTargetType, type SavedSearch, type UnreadItem } from '@portal/api-client';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { actor, groupWith, postTopic, type Actor } from './fixtures.test-util';
import { SAVED_HITS_MAX_AGE_MS } from './saved';

const M = `${API}/members/me`;
const SAVED = `${M}/saved-searches`;

/** A saved search's new hits are an unread item, counted in the unread total. */
describe.each(DIALECTS)('saved searches in the unread notifications (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let other: Actor;
  let g: number;
  let saved: SavedSearch;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    other = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [me.id, { role_admin: 1 }],
      [other.id, { role_admin: 1 }],
    ]);
    const res = await t.inject({
      method: 'POST',
      url: SAVED,
      token: me.token,
      payload: { query: `target_search=1&keyword_search=${encodeURIComponent('東京')}&time_range=0` },
    });
    saved = res.json().items;
  });
  afterAll(() => t.close());

  const relog = async () => {
    me.token = await t.login(me);
    other.token = await t.login(other);
  };
  const total = async () =>
    (await t.inject({ method: 'GET', url: `${M}/notification/count/1`, token: me.token })).json().items.count as number;
  const savedItems = async () =>
    (
      (await t.inject({ method: 'GET', url: `${M}/notification/unread?limit=100`, token: me.token })).json().items.data as UnreadItem[]
    ).filter((i) => i.unread_type === LikeTargetType.SAVED_SEARCH);

  it('lists a saved search with new hits once, with how many and its query, and counts it', async () => {
    const before = await total();
    expect(await savedItems()).toEqual([]);
    t.clock.advance(1000);
    await postTopic(t, other.token, g, { topic_title: '東京出張の件', content: '<p>a</p>' });
    await postTopic(t, other.token, g, { topic_title: '東京支社', content: '<p>b</p>' });
    t.clock.advance(SAVED_HITS_MAX_AGE_MS + 1);
    await relog();
    const items = await savedItems();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: `10-${saved.id}`, title: '東京', new_hits: 2, search_query: saved.query, group_id: null });
    // Two topics (unread kind 1) and one saved search (kind 10).
    expect(await total()).toBe(before + 3);
  });

  it('marks read from the unread list like any item, and refuses another user’s saved search (404)', async () => {
    const stranger = await t.inject({
      method: 'POST',
      url: `${M}/notification/set-notification-is-seen`,
      token: other.token,
      payload: { notification_ids: [`10-${saved.id}`] },
    });
    expect(stranger.statusCode).toBe(404);
    const res = await t.inject({
      method: 'POST',
      url: `${M}/notification/set-notification-is-seen`,
      token: me.token,
      payload: { notification_ids: [`10-${saved.id}`] },
    });
    expect(res.statusCode).toBe(200);
    expect(await savedItems()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: SAVED, token: me.token })).json().items[0].new_count).toBe(0);
  });

  it('counts only what the user can read now: hits of a group they left disappear', async () => {
    t.clock.advance(1000);
    await postTopic(t, other.token, g, { topic_title: '東京の会議', content: '<p>c</p>' });
    t.clock.advance(SAVED_HITS_MAX_AGE_MS + 1);
    await relog();
    expect((await savedItems())[0]?.new_hits).toBe(1);
    expect((await t.inject({ method: 'GET', url: `${M}/groups/${g}/leave`, token: me.token })).statusCode).toBe(200);
    t.clock.advance(SAVED_HITS_MAX_AGE_MS + 1);
    await relog();
    expect(await savedItems()).toEqual([]);
    expect(await total()).toBe(0);
  });
});
