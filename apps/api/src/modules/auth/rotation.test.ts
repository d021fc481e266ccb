import type { AddressInfo } from 'node:net';
import { LIMITS } from '@portal/api-client';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import { realtimePlugin } from '../realtime';
import { TestSocket } from '../realtime/testing';
import { cookieOf, ORIGIN, refreshWith } from './session.test-util';
import { ROTATION_GRACE_MS, SESSION_ABSOLUTE_MS } from './tokens';

const API = '/service/api/v1';
const sockets: TestSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

describe.each(DIALECTS)('sessions that rotate and end (%s)', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  /** A second realtime endpoint on the same database that checks expiry every 100 ms. */
  let sweeper: FastifyInstance;
  let sweeperUrl: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API}/realtime`;
    sweeper = Fastify({ logger: false });
    sweeper.decorate('ctx', t.ctx);
    await sweeper.register(realtimePlugin, { sessionCheckMs: 100 });
    await sweeper.listen({ port: 0, host: '127.0.0.1' });
    sweeperUrl = `ws://127.0.0.1:${(sweeper.server.address() as AddressInfo).port}${API}/realtime`;
  });
  afterAll(async () => {
    await sweeper.close();
    await t.close();
  });

  async function login(u: TestUser) {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: u.employee_number, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    return { access: res.json().items.access_token as string, refresh: cookieOf(res)! };
  }
  const me = (token: string) => t.inject({ method: 'GET', url: `${API}/members/me`, token });
  async function socketFor(access: string, url = wsUrl) {
    const s = await TestSocket.open(url);
    sockets.push(s);
    s.send({ type: 'auth', token: access });
    await s.next((f) => f.type === 'ready');
    return s;
  }

  it('a refresh token never works as a Bearer token, and refresh takes only the cookie', async () => {
    const s = await login(await t.createUser());
    const asBearer = await me(s.refresh);
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().status_code).toBe('INVALID_TOKEN');
    const bearerRefresh = await t.inject({ method: 'POST', url: `${API}/auth/refresh`, token: s.refresh, headers: { origin: ORIGIN } });
    expect(bearerRefresh.statusCode).toBe(401);
    // The old GET is gone: a link or image cannot rotate anyone's token.
    const get = await t.inject({ method: 'GET', url: `${API}/auth/refresh`, cookies: { portal_refresh: s.refresh } });
    expect(get.statusCode).toBe(404);
    expect((await refreshWith(t, s.refresh)).statusCode).toBe(200);
  });

  it('refresh needs the portal’s own Origin', async () => {
    const s = await login(await t.createUser());
    for (const origin of [null, 'https://evil.example', 'null', 'http://portal.test.evil.example']) {
      const res = await refreshWith(t, s.refresh, origin);
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json().status_code).toBe('UNAUTHORIZED_ACTION');
    }
    // The host the request reached (a portal opened on another of its names) is same-origin too.
    const byHost = await t.inject({
      method: 'POST',
      url: `${API}/auth/refresh`,
      cookies: { portal_refresh: s.refresh },
      headers: { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' },
    });
    expect(byHost.statusCode).toBe(200);
  });

  it('rotates on every use; an old token presented again revokes the whole login and its socket', async () => {
    const s = await login(await t.createUser());
    const socket = await socketFor(s.access);
    const first = await refreshWith(t, s.refresh);
    const b = cookieOf(first)!;
    expect(b).not.toBe(s.refresh);
    const second = await refreshWith(t, b);
    const c = cookieOf(second)!;
    const liveAccess = second.json().items.access_token as string;
    expect((await me(liveAccess)).statusCode).toBe(200);

    t.clock.advance(ROTATION_GRACE_MS + 1);
    const reuse = await refreshWith(t, s.refresh); // a stolen copy of the first cookie
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().status_code).toBe('INVALID_TOKEN');
    // The thief's use ended the login for everyone holding it: the latest cookie, every access
    // token of the family, and the open socket.
    expect((await refreshWith(t, c)).statusCode).toBe(401);
    expect((await me(liveAccess)).statusCode).toBe(401);
    expect(await socket.closeWithin(3000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
  });

  it('a second tab’s refresh with the just-rotated cookie gets an access token, not a logout', async () => {
    const s = await login(await t.createUser());
    const rotated = await refreshWith(t, s.refresh);
    const late = await refreshWith(t, s.refresh); // within the grace: the other tab's request
    expect(late.statusCode).toBe(200);
    expect(cookieOf(late)).toBeUndefined();
    expect((await me(late.json().items.access_token)).statusCode).toBe(200);
    expect((await refreshWith(t, cookieOf(rotated)!)).statusCode).toBe(200);
  });

  it('a login ends 30 days after it began however active, and its socket closes', async () => {
    const s = await login(await t.createUser());
    const socket = await socketFor(s.access, sweeperUrl);
    let cookie = s.refresh;
    const step = LIMITS.idleLogoutSeconds * 1000 - 3_600_000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_MS) {
      t.clock.advance(step);
      elapsed += step;
      const r = await refreshWith(t, cookie);
      expect(r.statusCode, `day ${elapsed / 86_400_000}`).toBe(200);
      cookie = cookieOf(r)!;
      const maxAge = r.cookies.find((x) => x.name === 'portal_refresh')!.maxAge!;
      expect(maxAge * 1000).toBeLessThanOrEqual(SESSION_ABSOLUTE_MS - elapsed);
    }
    t.clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    const dead = await refreshWith(t, cookie);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().status_code).toBe('TOKEN_EXPIRED');
    expect(await socket.closeWithin(3000)).toEqual({ code: 4401, reason: expect.stringMatching(/TOKEN_EXPIRED|INVALID_TOKEN/) });
  });

  it('logout and password reset close the sockets of the ended logins only', async () => {
    const u = await t.createUser();
    const a = await login(u);
    const b = await login(u);
    const sa = await socketFor(a.access);
    const sb = await socketFor(b.access);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: a.access, payload: {} })).statusCode).toBe(200);
    expect(await sa.closeWithin(3000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
    await new Promise((r) => setTimeout(r, 200));
    expect(sb.ws.readyState).toBe(sb.ws.OPEN);

    // A password reset ends every login of the user.
    const { createHash } = await import('node:crypto');
    const token = 'r'.repeat(43);
    await t.ctx.db
      .insertInto('password_resets')
      .values({
        user_id: u.id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: t.clock() + 3_600_000,
        used_at: null,
        created_at: t.clock(),
      })
      .execute();
    const reset = await t.inject({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      payload: { token, password: 'Brand#New2026', password_confirmation: 'Brand#New2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await sb.closeWithin(3000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
  });
});
