import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from '../test/harness';
import { actor, API, groupWith, type Actor } from '../modules/groups/fixtures.test-util';
import { type AccessTokenRow, createSessionCache } from './session-cache';

const row = (user_id: number): AccessTokenRow => ({
  user_id,
  family: `f${user_id}`,
  expires_at: Number.MAX_SAFE_INTEGER,
  company_id: 1,
  status: 'active',
  is_company_admin: 0,
  common_topic_role: 0,
  pending_approval: 0,
  has_group: 1,
});

describe('the session cache itself', () => {
  it('shares one lookup among calls that arrive together and keeps its row for the TTL only', async () => {
    const clock = testClock();
    const cache = createSessionCache(2000, clock);
    let loads = 0;
    const load = async () => {
      loads++;
      return row(7);
    };
    const rows = await Promise.all([1, 2, 3, 4, 5].map(() => cache.lookup('h', load)));
    expect(rows.every((r) => r?.user_id === 7)).toBe(true);
    expect(loads).toBe(1);
    clock.advance(1999);
    await cache.lookup('h', load);
    expect(loads).toBe(1);
    clock.advance(1);
    await cache.lookup('h', load);
    expect(loads).toBe(2);
  });

  it('keeps neither a token it did not find, nor a failed lookup, nor a row read before a drop', async () => {
    const cache = createSessionCache(2000, testClock());
    let loads = 0;
    await cache.lookup('junk', async () => (loads++, undefined));
    await cache.lookup('junk', async () => (loads++, undefined));
    expect(loads).toBe(2);
    await expect(cache.lookup('h', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.lookup('h', async () => row(3))).toEqual(row(3));

    let release!: () => void;
    const slow = cache.lookup('s', () => new Promise<AccessTokenRow>((r) => (release = () => r(row(9)))));
    cache.dropUsers([9]); // the login ended while its lookup was in flight
    release();
    expect(await slow).toEqual(row(9)); // that request raced the logout, as it would uncached
    let again = 0;
    await cache.lookup('s', async () => (again++, undefined));
    expect(again).toBe(1);
  });

  it('forgets one user’s rows on a drop and every row on the bus’s session events, and is off at 0', async () => {
    const handlers: ((ids: number[], e: { kind: string; payload: unknown; at: number }) => void)[] = [];
    const bus = { subscribe: (h: (typeof handlers)[number]) => (handlers.push(h), () => undefined) };
    const cache = createSessionCache(2000, testClock(), bus as never);
    let loads = 0;
    const load = (id: number) => async () => (loads++, row(id));
    await cache.lookup('a', load(1));
    await cache.lookup('b', load(2));
    cache.dropUsers([1]);
    await cache.lookup('a', load(1));
    await cache.lookup('b', load(2));
    expect(loads).toBe(3);
    for (const h of handlers) h([2], { kind: 'session.changed', payload: null, at: 0 });
    for (const h of handlers) h([1], { kind: 'topic.liked', payload: null, at: 0 });
    await cache.lookup('a', load(1));
    await cache.lookup('b', load(2));
    expect(loads).toBe(4);

    const off = createSessionCache(0, testClock());
    let offLoads = 0;
    await Promise.all([off.lookup('h', async () => (offLoads++, row(1))), off.lookup('h', async () => (offLoads++, row(1)))]);
    expect(offLoads).toBe(2);
  });

  it('reuses nothing while the bus does not hear the other processes, and nothing from before once it does again', async () => {
    let listening = true;
    const resumed: (() => void)[] = [];
    const bus = {
      subscribe: () => () => undefined,
      listening: () => listening,
      onResume: (fn: () => void) => (resumed.push(fn), () => undefined),
    };
    const cache = createSessionCache(10_000, testClock(), bus as never);
    let loads = 0;
    const load = async () => (loads++, row(1));
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(loads).toBe(1);
    listening = false; // Redis away: a logout on another process would not reach us
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(loads).toBe(3);
    listening = true;
    for (const fn of resumed) fn(); // subscribed again: what was kept before may be stale
    await cache.lookup('a', load);
    await cache.lookup('a', load);
    expect(loads).toBe(4);
  });
});

describe.each(DIALECTS)('requests with the session cache on (%s)', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let group: number;
  const get = (token: string, url: string) => t.inject({ method: 'GET', url: `${API}${url}`, token });
  /** Two calls, so the second is answered from the cache when nothing dropped it. */
  const twice = async (token: string, url: string) => {
    await get(token, url);
    return (await get(token, url)).statusCode;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { sessionCacheMs: 10_000 });
    const company = await t.createCompany();
    admin = await actor(t, { companyId: company, isCompanyAdmin: true });
    group = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  it('a logout, a password change and a retire end cached logins at once', async () => {
    const u = await actor(t, { companyId: admin.companyId });
    expect(await twice(u.token, '/members/me')).toBe(200);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: u.token, payload: {} })).statusCode).toBe(200);
    expect((await get(u.token, '/members/me')).json()).toMatchObject({ status_code: 'INVALID_TOKEN' });

    const first = await t.login(u);
    const second = await t.login(u);
    expect(await twice(first, '/members/me')).toBe(200);
    const changed = await t.inject({
      method: 'POST',
      url: `${API}/members/me/change-password`,
      token: second,
      payload: { current_password: TEST_PASSWORD, password: 'Other#Pass2026', password_confirmation: 'Other#Pass2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(first, '/members/me')).statusCode).toBe(401);
    expect((await get(second, '/members/me')).statusCode).toBe(200);

    const leaver = await actor(t, { companyId: admin.companyId });
    expect(await twice(leaver.token, '/members/me')).toBe(200);
    const retired = await t.inject({
      method: 'POST',
      url: `${API}/company/users/${leaver.id}/retire`,
      token: admin.token,
      payload: { successors: [] },
    });
    expect(retired.statusCode).toBe(200);
    expect((await get(leaver.token, '/members/me')).statusCode).toBe(401);
  });

  it('rights granted or withdrawn by an administrator count from the next request', async () => {
    const u = await actor(t, { companyId: admin.companyId });
    expect(await twice(u.token, '/company/users')).toBe(403);
    const rights = (on: boolean) =>
      t.inject({ method: 'PUT', url: `${API}/company/users/${u.id}/rights`, token: admin.token, payload: { is_company_admin: on } });
    expect((await rights(true)).statusCode).toBe(200);
    expect(await twice(u.token, '/company/users')).toBe(200);
    expect((await rights(false)).statusCode).toBe(200);
    expect((await get(u.token, '/company/users')).statusCode).toBe(403);
  });

  it('group reads answer as without the cache (membership is never cached), and expiry is judged per request', async () => {
    const u = await actor(t, { companyId: admin.companyId });
    await t.addMember(group, u.id);
    expect(await twice(u.token, `/members/me/groups/${group}/topics/get-not-delete-topics`)).toBe(200);
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', group).where('user_id', '=', u.id).execute();
    const gone = await get(u.token, `/members/me/groups/${group}/topics/get-not-delete-topics`);
    expect([gone.statusCode, gone.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);

    await t.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: t.clock() + 1000 })
      .where('user_id', '=', u.id)
      .where('kind', '=', 'access')
      .execute();
    t.ctx.caches.sessions.dropUsers([u.id]);
    expect(await twice(u.token, '/members/me')).toBe(200);
    t.clock.advance(1000);
    expect((await get(u.token, '/members/me')).json()).toMatchObject({ status_code: 'TOKEN_EXPIRED' });
  });

  it('a change no path announces (a hand-written UPDATE) counts once the TTL has passed', async () => {
    const u = await actor(t, { companyId: admin.companyId });
    expect(await twice(u.token, '/members/me')).toBe(200);
    await t.ctx.db.updateTable('users').set({ status: 'left' }).where('id', '=', u.id).execute();
    t.clock.advance(10_000);
    expect((await get(u.token, '/members/me')).json()).toMatchObject({ status_code: 'INVALID_USER' });
  });
});
