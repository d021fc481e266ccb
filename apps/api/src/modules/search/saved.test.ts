import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_MAX, type SavedSearch } from '@portal/api-client';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { actor, groupWith, postTopic, type Actor } from './fixtures.test-util';

const SAVED = `${API}/members/me/saved-searches`;

describe.each(DIALECTS)('saved searches (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let other: Actor;
  let g: number;
  let elsewhere: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    other = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [me.id, { role_admin: 1 }],
      [other.id, { role_admin: 1 }],
    ]);
    elsewhere = await groupWith(t, company, [[other.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  const save = (token: string, query: string) => t.inject({ method: 'POST', url: SAVED, token, payload: { query } });
  const list = async (token: string) => (await t.inject({ method: 'GET', url: SAVED, token })).json().items as SavedSearch[];

  it('saves a query once, then counts the hits that arrive after it was last opened', async () => {
    await postTopic(t, me.token, g, { topic_title: '長崎の件', content: '<p>既存</p>' });
    const res = await save(me.token, `?target_search=1&keyword_search=${encodeURIComponent('長崎')}&time_range=0&page=3`);
    expect(res.statusCode).toBe(200);
    const saved = res.json().items as SavedSearch;
    expect(saved).toMatchObject({ name: '長崎', new_count: 0 });
    expect(saved.query).not.toContain('page=');
    // The same query again is the same saved search.
    expect((await save(me.token, `keyword_search=${encodeURIComponent('長崎')}&target_search=1&time_range=0`)).json().items.id).toBe(
      saved.id,
    );

    t.clock.advance(1000);
    await postTopic(t, other.token, g, { topic_title: '長崎出張', content: '<p>新規</p>' });
    await postTopic(t, other.token, elsewhere, { topic_title: '長崎支店', content: '<p>見えない</p>' });
    expect((await list(me.token)).map((s) => s.new_count)).toEqual([1]);
    expect((await t.inject({ method: 'GET', url: `${SAVED}/count`, token: me.token })).json().items.count).toBe(1);

    expect((await t.inject({ method: 'POST', url: `${SAVED}/${saved.id}/seen`, token: me.token })).statusCode).toBe(200);
    expect((await list(me.token))[0]!.new_count).toBe(0);
  });

  it('keeps saved searches to their owner', async () => {
    const [mine] = await list(me.token);
    expect(await list(other.token)).toEqual([]);
    for (const action of ['seen', 'delete']) {
      expect((await t.inject({ method: 'POST', url: `${SAVED}/${mine!.id}/${action}`, token: other.token })).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: SAVED })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: `${SAVED}/${mine!.id}/delete`, token: me.token })).statusCode).toBe(200);
    expect(await list(me.token)).toEqual([]);
  });

  it('refuses a query the search itself would refuse, and more than the maximum', async () => {
    let res = await save(me.token, 'target_search=3&target_data=1&keyword_search=a');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'query.target_data': ['validation.search_data_disabled'] });
    res = await save(me.token, `target_search=1&keyword_search=a&target_group=${elsewhere}`);
    expect(res.statusCode).toBe(404);
    for (let i = 0; i < SAVED_SEARCH_MAX; i++) expect((await save(me.token, `target_search=1&keyword_search=w${i}`)).statusCode).toBe(200);
    res = await save(me.token, 'target_search=1&keyword_search=one-more');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ query: ['validation.saved_search_max'] });
  });
});
