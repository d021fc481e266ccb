import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordWork } from '../modules/auth';
import { TestSocket } from '../modules/realtime/ws-client.test-util';
import { createTestApp, type TestApp, type TestUser } from '../test/harness';
import { shedOnRequestsInFlight } from './shed';

const API = '/service/api/v1';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('shedOnRequestsInFlight', () => {
  async function appWith(max: number) {
    const app = Fastify();
    const g = gate();
    const bound = shedOnRequestsInFlight(app, max);
    app.get(`${API}/slow`, async () => (await g.opened, { ok: true }));
    app.get(`${API}/fast`, async () => ({ ok: true }));
    app.get(`${API}/metrics`, async () => ({ ok: true }));
    app.get('/static/app.js', async () => 'js');
    await app.ready();
    return { app, g, bound };
  }

  it('admits up to its bound, answers the rest 503 + Retry-After at once, and frees a place per answer', async () => {
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

describe.each(['sqlite', 'postgres'] as const)('API requests in flight are bounded on SQLite only (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { requestsInFlightMax: 3, passwordHashQueueMax: 100 });
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
    if (dialect === 'sqlite') {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ status_code: 'SERVICE_BUSY', message: expect.any(String) });
      expect(ms).toBeLessThan(50);
    } else {
      // PostgreSQL bounds the pool's queue (DATABASE_QUEUE_MAX) instead.
      expect(res.statusCode).toBe(200);
    }
    // The places are given back: serving again.
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);
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
