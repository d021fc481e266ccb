import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import type { AppContext } from '../../kernel';
import realtimePlugin from './plugin';
import { TestSocket } from './ws-client.test-util';
import { createInProcessBus } from '../../kernel';

const PATH = '/service/api/v1/realtime';
const sockets: TestSocket[] = [];
const track = (s: TestSocket) => (sockets.push(s), s);
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${PATH}`;
}

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('realtime WebSocket (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
    alice = await t.createUser();
    bob = await t.createUser({ companyId: alice.companyId });
    aliceToken = await t.login(alice);
    bobToken = await t.login(bob);
  });
  afterAll(() => t?.close());

  const patchSettings = (token: string, n = 20) =>
    t.inject({ method: 'PATCH', url: '/service/api/v1/members/me/settings/setting_display', token, payload: { number_item_lists: n } });

  it('a bad token is refused with 4401 and its code', async () => {
    const s = track(await TestSocket.open(url));
    s.send({ type: 'auth', token: 'not-a-real-token' });
    expect(await s.closeWithin(3000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
    expect(s.frames).toEqual([]);
  });

  it('anything but an auth message is refused', async () => {
    const s = track(await TestSocket.open(url));
    s.send('hello');
    expect((await s.closeWithin(3000)).code).toBe(1008);
    const s2 = track(await TestSocket.open(url));
    s2.send({ type: 'subscribe', kind: '*' });
    expect((await s2.closeWithin(3000)).code).toBe(1008);
  });

  it('a settings PATCH reaches every socket of that user and no one else', async () => {
    const a1 = track(await TestSocket.open(url));
    const a2 = track(await TestSocket.open(url));
    const b = track(await TestSocket.open(url));
    const anon = track(await TestSocket.open(url)); // connected but never authenticated
    await a1.auth(aliceToken);
    await a2.auth(aliceToken);
    await b.auth(bobToken);

    const res = await patchSettings(aliceToken);
    expect(res.statusCode).toBe(200);
    const got = await a1.next((f) => f.type === 'event');
    expect(got.event).toMatchObject({ kind: 'settings.updated', payload: { section: 'setting_display' } });
    expect(typeof got.event!.at).toBe('number');
    await a2.next((f) => f.event?.kind === 'settings.updated');
    await quiet(150);
    expect(b.events('settings.updated')).toEqual([]);
    expect(anon.frames).toEqual([]);
    expect(a1.events('settings.updated')).toHaveLength(1);

    // And the other way round: Bob's change reaches Bob only.
    expect((await patchSettings(bobToken, 30)).statusCode).toBe(200);
    await b.next((f) => f.event?.kind === 'settings.updated');
    await quiet(150);
    expect(a1.events('settings.updated')).toHaveLength(1);
  });

  it('a later auth message re-verifies without reconnecting (token refresh, user switch, expiry)', async () => {
    const s = track(await TestSocket.open(url));
    await s.auth(aliceToken);
    const fresh = await t.login(alice);
    await s.auth(fresh);

    // The same socket now authenticated as Bob receives Bob's events, not Alice's.
    await s.auth(bobToken);
    await patchSettings(aliceToken, 21);
    await patchSettings(bobToken, 31);
    await s.next((f) => f.event?.kind === 'settings.updated');
    await quiet(150);
    expect(s.events('settings.updated')).toHaveLength(1);

    // Once the access token has expired, re-auth with it closes the socket with that code.
    t.clock.advance(16 * 60 * 1000);
    s.send({ type: 'auth', token: bobToken });
    expect(await s.closeWithin(3000)).toEqual({ code: 4401, reason: 'TOKEN_EXPIRED' });
  });

  it('a closed socket is forgotten; the user’s other sockets still get events', async () => {
    const t2 = await t.login(alice);
    const gone = track(await TestSocket.open(url));
    const stays = track(await TestSocket.open(url));
    await gone.auth(t2);
    await stays.auth(t2);
    gone.close();
    await gone.closeWithin(2000);
    expect((await patchSettings(t2, 22)).statusCode).toBe(200);
    await stays.next((f) => f.event?.kind === 'settings.updated');
  });

  it('is not listed as a contract endpoint (it authenticates by message, not by header)', () => {
    expect(t.app.routeRegistry.some((r) => r.url === PATH)).toBe(false);
    expect(t.app.hasRoute({ method: 'GET', url: PATH })).toBe(true);
  });

  it('a plain HTTP GET (no upgrade) gets nothing', async () => {
    const res = await t.inject({ method: 'GET', url: PATH });
    expect(res.statusCode).toBe(404);
  });

  it('an auth flood on one socket is cut off (each auth costs a database lookup)', async () => {
    const good = await t.login(alice);
    const s2 = track(await TestSocket.open(url));
    for (let i = 0; i < 21; i++) s2.send({ type: 'auth', token: good });
    expect(await s2.closeWithin(3000)).toEqual({ code: 1008, reason: 'API_RATE_EXCEEDED' });
    expect(s2.frames.filter((f) => f.type === 'ready').length).toBeLessThanOrEqual(20);
  });
});

describe('realtime timers (minimal app)', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    // Only the bus is touched before a token is verified.
    app.decorate('ctx', { bus: createInProcessBus() } as unknown as AppContext);
    await app.register(realtimePlugin, { authTimeoutMs: 200, heartbeatMs: 100 });
    url = await listen(app);
  });
  afterAll(() => app.close());

  it('closes with 4401 when no auth message comes in time', async () => {
    const s = track(await TestSocket.open(url));
    const t0 = Date.now();
    expect(await s.closeWithin(3000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
  });

  it('drops a peer that stops answering pings, keeps one that answers', async () => {
    // Past the auth timeout these sockets are closed anyway, so give them a longer one.
    const slow = Fastify({ logger: false });
    slow.decorate('ctx', { bus: createInProcessBus() } as unknown as AppContext);
    await slow.register(realtimePlugin, { authTimeoutMs: 60_000, heartbeatMs: 100 });
    try {
      const u = await listen(slow);
      const dead = track(await TestSocket.open(u));
      const alive = track(await TestSocket.open(u));
      // A paused socket reads nothing, so it never sees the ping and never pongs.
      const raw = (dead.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      raw.pause();
      await quiet(450);
      raw.resume();
      expect((await dead.closeWithin(2000)).code).toBe(1006);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    } finally {
      await slow.close();
    }
  });

  it('closes open sockets with 1001 when the server shuts down', async () => {
    const other = Fastify({ logger: false });
    other.decorate('ctx', { bus: createInProcessBus() } as unknown as AppContext);
    await other.register(realtimePlugin, { authTimeoutMs: 60_000 });
    const s = track(await TestSocket.open(await listen(other)));
    await other.close();
    expect((await s.closeWithin(2000)).code).toBe(1001);
  });
});
