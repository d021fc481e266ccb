import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordWork } from '../modules/auth';
import { TestSocket } from '../modules/realtime/ws-client.test-util';
import { createTestApp, type TestApp, type TestUser } from '../test/harness';
import { admitRequests } from './admission';

const API = '/service/api/v1';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('admitRequests', () => {
  async function appWith(max: number, queueWaitMs = 0) {
    const app = Fastify();
    const g = gate();
    const bound = admitRequests(app, { max, queueWaitMs });
    app.get(`${API}/slow`, async () => (await g.opened, { ok: true }));
    app.post(`${API}/slow`, async () => (await g.opened, { ok: true }));
    app.get(`${API}/fast`, async () => ({ ok: true }));
    app.post(`${API}/fast`, async () => ({ ok: true }));
    app.get(`${API}/metrics`, async () => ({ ok: true }));
    app.get('/static/app.js', async () => 'js');
    await app.ready();
    return { app, g, bound };
  }

  it('admits reads up to its bound, answers the rest 503 + Retry-After at once, and frees a place per answer', async () => {
    const { app, g, bound } = await appWith(2);
    const held = [0, 1].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    await new Promise((r) => setTimeout(r, 20));
    expect(bound.inFlight()).toBe(2);

    const shed = await app.inject({ method: 'GET', url: `${API}/fast` });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({ status_code: 'SERVICE_BUSY', message: expect.any(String) });
    expect(bound.shed()).toBe(1);
    // Probes and what is not the API are neither counted nor shed.
    expect((await app.inject({ method: 'GET', url: `${API}/metrics` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/static/app.js' })).statusCode).toBe(200);

    g.open();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    await new Promise((r) => setImmediate(r));
    expect(bound.inFlight()).toBe(0);
    // Many more answered requests than the bound, one after the other: nothing leaks.
    for (let i = 0; i < 10; i++) expect((await app.inject({ method: 'GET', url: `${API}/fast` })).statusCode).toBe(200);
    expect(bound.inFlight()).toBe(0);
    await app.close();
  });

  it('writes get twice the bound before they are shed: reads give way first', async () => {
    const { app, g, bound } = await appWith(2);
    const held = [0, 1].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    await new Promise((r) => setTimeout(r, 20));
    expect((await app.inject({ method: 'GET', url: `${API}/fast` })).statusCode).toBe(503);
    const writes = [0, 1].map(() => app.inject({ method: 'POST', url: `${API}/slow` }));
    await new Promise((r) => setTimeout(r, 20));
    expect(bound.inFlight()).toBe(4);
    expect((await app.inject({ method: 'POST', url: `${API}/fast` })).statusCode).toBe(503);
    g.open();
    expect((await Promise.all([...held, ...writes])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await app.close();
  });

  it('a read beyond the bound waits its turn; the queue holds at most the bound, the one beyond is refused at once', async () => {
    const { app, g, bound } = await appWith(1, 5_000);
    const held = app.inject({ method: 'GET', url: `${API}/slow` });
    await vi.waitFor(() => expect(bound.inFlight()).toBe(1));
    const queued = app.inject({ method: 'GET', url: `${API}/fast` });
    await vi.waitFor(() => expect(bound.waiting()).toBe(1), { timeout: 150, interval: 2 });
    expect((await app.inject({ method: 'GET', url: `${API}/fast` })).statusCode).toBe(503);
    g.open();
    await held;
    expect((await queued).statusCode).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(bound.inFlight()).toBe(0);
    expect(bound.waiting()).toBe(0);
    await app.close();
  });

  it('a queue that has not been empty for its interval is standing: a new read is refused at once, the queued ones are served', async () => {
    const { app, g, bound } = await appWith(3, 100);
    const held = [0, 1, 2].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    await vi.waitFor(() => expect(bound.inFlight()).toBe(3));
    // A burst joins the queue while it is young...
    const burst = [0, 1].map(() => app.inject({ method: 'GET', url: `${API}/fast` }));
    await vi.waitFor(() => expect(bound.waiting()).toBe(2));
    await new Promise((r) => setTimeout(r, 130));
    // ...past the interval it is a backlog: refused without waiting, though the queue has room.
    const started = performance.now();
    const refused = await app.inject({ method: 'GET', url: `${API}/fast` });
    expect(refused.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(100);
    expect(bound.waiting()).toBe(2);
    g.open();
    expect((await Promise.all([...held, ...burst])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Drained, the queue takes a burst again.
    const again = [0, 1, 2, 3].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    expect((await Promise.all(again)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await app.close();
  });

  it('while the event loop runs late a standing queue still takes reads: they have waited already', async () => {
    const app = Fastify();
    const g = gate();
    const bound = admitRequests(app, { max: 4, queueWaitMs: 50, loopTargetMs: 30 });
    app.get(`${API}/slow`, async () => (await g.opened, { ok: true }));
    await app.ready();
    const held = [0, 1, 2, 3].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    await vi.waitFor(() => expect(bound.inFlight()).toBe(4));
    const first = app.inject({ method: 'GET', url: `${API}/slow` });
    await vi.waitFor(() => expect(bound.waiting()).toBe(1));
    // The loop blocked for 120 ms: the queue is past its interval, but what arrives now is queued.
    const until = performance.now() + 120;
    while (performance.now() < until);
    const during = app.inject({ method: 'GET', url: `${API}/slow` });
    await vi.waitFor(() => expect(bound.waiting()).toBe(2));
    // On time again (its ticks caught up), the standing queue refuses.
    await new Promise((r) => setTimeout(r, 40));
    expect((await app.inject({ method: 'GET', url: `${API}/slow` })).statusCode).toBe(503);
    g.open();
    expect((await Promise.all([...held, first, during])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await app.close();
  });

  it('Retry-After grows with the share refused over the last second, and falls back when it falls', async () => {
    const { app, g, bound } = await appWith(1);
    const held = app.inject({ method: 'GET', url: `${API}/slow` });
    await vi.waitFor(() => expect(bound.inFlight()).toBe(1));
    for (let i = 0; i < 9; i++) expect((await app.inject({ method: 'GET', url: `${API}/fast` })).headers['retry-after']).toBe('1');
    // Nine of ten refused: clients are told to come back spaced out, up to 8 s.
    await vi.waitFor(() => expect(bound.retryAfter()).toBe('8'), { timeout: 3_000 });
    expect((await app.inject({ method: 'GET', url: `${API}/fast` })).headers['retry-after']).toBe('8');
    g.open();
    await held;
    await vi.waitFor(() => expect(bound.retryAfter()).toBe('1'), { timeout: 3_000 });
    await app.close();
  });

  it('a request whose client went away before the answer frees its place', async () => {
    const { app, g, bound } = await appWith(1);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const req = http.get({ host: '127.0.0.1', port, path: `${API}/slow` });
    req.on('error', () => {});
    // Polled, not slept: on a loaded machine the connection and the close take longer than a fixed pause.
    await vi.waitFor(() => expect(bound.inFlight()).toBe(1), { timeout: 5_000 });
    req.destroy();
    await vi.waitFor(() => expect(bound.inFlight()).toBe(0), { timeout: 5_000 });
    g.open();
    await app.close();
  });

  it('0 turns it off', async () => {
    const { app, g, bound } = await appWith(0);
    const held = [0, 1, 2].map(() => app.inject({ method: 'GET', url: `${API}/slow` }));
    expect((await app.inject({ method: 'GET', url: `${API}/fast` })).statusCode).toBe(200);
    g.open();
    await Promise.all(held);
    expect(bound.shed()).toBe(0);
    await app.close();
  });
});

describe.each(['sqlite', 'postgres'] as const)('API requests in flight are bounded (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      requestsInFlightMax: 3,
      requestsQueueWaitMs: 0,
      requestsLoopTargetMs: 0,
      passwordHashQueueMax: 100,
    });
    user = await t.createUser();
    token = await t.login(user);
  });
  afterAll(async () => {
    passwordWork.configure({ maxQueued: 32 });
    await t.close();
  });

  const login = () =>
    t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number: user.employee_number, password: user.password } });

  it('below the bound every request is answered; beyond it the excess gets 503 + Retry-After at once', async () => {
    // Below the bound, at once and one after the other (more requests in all than the bound).
    const burst = await Promise.all([0, 1, 2].map(() => t.inject({ method: 'GET', url: `${API}/members/me`, token })));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (let i = 0; i < 5; i++) expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);

    // Every hashing slot busy: three logins wait in the hashing queue, in flight.
    const g = gate();
    const busy = Array.from({ length: 64 }, () => passwordWork.run(() => g.opened, { mayShed: false }));
    const logins = [0, 1, 2].map(login);
    await new Promise((r) => setTimeout(r, 50));

    const started = performance.now();
    const res = await t.inject({ method: 'GET', url: `${API}/members/me`, token });
    const ms = performance.now() - started;
    const probe = await t.inject({ method: 'GET', url: '/healthz' });
    g.open();
    await Promise.all(busy);
    const answered = await Promise.all(logins);
    expect(answered.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(probe.statusCode).toBe(200);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ status_code: 'SERVICE_BUSY', message: expect.any(String) });
    expect(ms).toBeLessThan(50);
    // The places are given back: serving again.
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);
    // The shed request never reached its route: /metrics does not count it as answered either.
    const metrics = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^http_requests_in_flight 0$/m);
    // What refused it is reported, with the bound and the queue.
    expect(metrics).toMatch(/^portal_requests_shed_total\{by="door"\} 1$/m);
    expect(metrics).toMatch(/^portal_requests_shed_total\{by="pool_queue"\} 0$/m);
    expect(metrics).toMatch(/^portal_requests_read_limit 3$/m);
    expect(metrics).toMatch(/^portal_requests_queued 0$/m);
  });

  it('open WebSocket connections hold no place', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const sockets = await Promise.all([0, 1, 2, 3].map(() => TestSocket.open(`ws://127.0.0.1:${port}${API}/realtime`)));
    try {
      const res = await t.inject({ method: 'GET', url: `${API}/members/me`, token });
      expect(res.statusCode).toBe(200);
    } finally {
      for (const s of sockets) s.ws.terminate();
    }
  });
});
