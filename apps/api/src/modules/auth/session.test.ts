import { LIMITS } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import { cookieOf, ORIGIN, refreshWith } from './session.test-util';

const API = '/service/api/v1';

describe.each(DIALECTS)('auth sessions (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function loginFull(u: TestUser) {
    const res = await t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    return { ...(res.json().items as { access_token: string }), refresh_token: cookieOf(res)! };
  }
  const me = (token?: string) => t.inject({ method: 'GET', url: `${API}/members/me`, ...(token ? { token } : {}) });
  const refreshByCookie = (refresh: string) => refreshWith(t, refresh);

  it('refreshes from the HttpOnly cookie only, rotating it', async () => {
    const u = await t.createUser();
    const s = await loginFull(u);
    const byCookie = await refreshByCookie(s.refresh_token);
    expect(byCookie.statusCode).toBe(200);
    const fresh = byCookie.json().items.access_token;
    expect(fresh).not.toBe(s.access_token);
    expect(byCookie.json().items).not.toHaveProperty('refresh_token');
    expect((await me(fresh)).statusCode).toBe(200);
    const next = cookieOf(byCookie)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(s.refresh_token);

    // An access token is not a refresh token; nothing at all is INVALID_TOKEN.
    const wrongKind = await refreshByCookie(s.access_token);
    expect(wrongKind.statusCode).toBe(401);
    expect(wrongKind.json().status_code).toBe('INVALID_TOKEN');
    expect((await t.inject({ method: 'POST', url: `${API}/auth/refresh`, headers: { origin: ORIGIN } })).json().status_code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('answers TOKEN_EXPIRED once the access token outlives its TTL, and refresh recovers', async () => {
    const u = await t.createUser();
    const s = await loginFull(u);
    t.clock.advance(LIMITS.accessTokenTtlSeconds * 1000 + 1);
    const res = await me(s.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().status_code).toBe('TOKEN_EXPIRED');
    const r = await refreshByCookie(s.refresh_token);
    expect(r.statusCode).toBe(200);
    expect((await me(r.json().items.access_token)).statusCode).toBe(200);
  });

  it('ends the session after the idle window without a refresh, but slides it on use', async () => {
    const u = await t.createUser();
    const s = await loginFull(u);
    const idle = LIMITS.idleLogoutSeconds * 1000;
    t.clock.advance(idle - 60_000);
    const first = await refreshByCookie(s.refresh_token);
    expect(first.statusCode).toBe(200);
    t.clock.advance(idle - 60_000);
    const second = await refreshByCookie(cookieOf(first)!);
    expect(second.statusCode).toBe(200);
    t.clock.advance(idle + 1);
    const dead = await refreshByCookie(cookieOf(second)!);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().status_code).toBe('TOKEN_EXPIRED');
    expect((await refreshByCookie(cookieOf(second)!)).json().status_code).toBe('INVALID_TOKEN');
  });

  it('answers INVALID_TOKEN for a missing or unknown token and INVALID_USER for a user who left', async () => {
    expect((await me()).json().status_code).toBe('INVALID_TOKEN');
    expect((await me('not-a-real-token')).json().status_code).toBe('INVALID_TOKEN');
    const malformed = await t.inject({ method: 'GET', url: `${API}/members/me`, headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);

    const u = await t.createUser();
    const s = await loginFull(u);
    await t.ctx.db.updateTable('users').set({ status: 'left' }).where('id', '=', u.id).execute();
    const res = await me(s.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().status_code).toBe('INVALID_USER');
    expect((await refreshByCookie(s.refresh_token)).json().status_code).toBe('INVALID_USER');
  });

  it('logout revokes this session only and resets the device counter', async () => {
    const u = await t.createUser();
    const a = await loginFull(u);
    const b = await loginFull(u);
    await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token: a.access_token, payload: { token: 'device-1' } });
    await t.ctx.db.updateTable('device_tokens').set({ unread_counter: 7 }).where('token', '=', 'device-1').execute();

    const out = await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: a.access_token, payload: { token: 'device-1' } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'portal_refresh')?.value).toBe('');
    expect((await me(a.access_token)).json().status_code).toBe('INVALID_TOKEN');
    expect((await refreshByCookie(a.refresh_token)).statusCode).toBe(401);
    expect((await me(b.access_token)).statusCode).toBe(200);
    const device = await t.ctx.db
      .selectFrom('device_tokens')
      .select(['unread_counter', 'user_id'])
      .where('token', '=', 'device-1')
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ unread_counter: 0, user_id: u.id });
  });

  it('manages device tokens: register, reset before login, delete', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const body = { token: 'device-2' };
    expect((await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token, payload: body })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token, payload: body })).statusCode).toBe(200);
    await t.ctx.db.updateTable('device_tokens').set({ unread_counter: 3 }).where('token', '=', 'device-2').execute();
    const before = await t.inject({ method: 'POST', url: `${API}/auth/reset-notification-before-login`, payload: body });
    expect(before.statusCode).toBe(200);
    let row = await t.ctx.db.selectFrom('device_tokens').select('unread_counter').where('token', '=', 'device-2').executeTakeFirst();
    expect(row?.unread_counter).toBe(0);
    await t.ctx.db.updateTable('device_tokens').set({ unread_counter: 2 }).where('token', '=', 'device-2').execute();
    await t.inject({ method: 'POST', url: `${API}/auth/reset-notification`, token, payload: body });
    row = await t.ctx.db.selectFrom('device_tokens').select('unread_counter').where('token', '=', 'device-2').executeTakeFirst();
    expect(row?.unread_counter).toBe(0);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/delete-device-token`, token, payload: body })).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('device_tokens').select('id').where('token', '=', 'device-2').executeTakeFirst()).toBeUndefined();
  });

  it('check-group-user-login refuses an employee with no (active) group', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const none = await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token });
    expect(none.statusCode).toBe(401);
    expect(none.json().status_code).toBe('USER_NOT_BE_LONG_TO_GROUP');

    const stopped = await t.createGroup(u.companyId);
    await t.addMember(stopped, u.id);
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', stopped).execute();
    expect((await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token })).statusCode).toBe(401);

    await t.addMember(await t.createGroup(u.companyId), u.id);
    const ok = await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items).toEqual({ group_count: 1 });
  });

  it('serves the privacy policy and terms in ja (default) and en without auth', async () => {
    const ja = await t.inject({ method: 'GET', url: `${API}/privacy-policy` });
    expect(ja.statusCode).toBe(200);
    expect(ja.json().items.title).toBe('プライバシーポリシー');
    const en = await t.inject({ method: 'GET', url: `${API}/term-of-use?lang=en` });
    expect(en.json().items.title).toBe('Terms of Use');
    expect(en.json().items.content.length).toBeGreaterThan(100);
    expect((await t.inject({ method: 'GET', url: `${API}/term-of-use?lang=fr` })).statusCode).toBe(400);
  });
});
