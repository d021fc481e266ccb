import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, prepareSite, startServer, type ChildSite } from '../test/child-server';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { beginDrain, probeRoutes } from './probes';

describe.each(DIALECTS)('probes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // A low limit: the probes must stay outside it.
    t = await createTestApp(dialect, { rateLimitMax: 3, rateLimitAnon: 3 });
  });
  afterAll(() => t.close());

  it('/healthz answers without asking anything, unauthenticated and outside the rate limit', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('/readyz is ready with the database reachable and its migrations run, and outside the rate limit', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { draining: 'no', database: 'ok', migrations: 'ok', redis: 'not configured' },
      });
    }
    // The API under its prefix is still limited (the low limit is real).
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await t.inject({ method: 'GET', url: `${API}/health` })).statusCode);
    expect(codes).toContain(429);
  });

  it('/readyz answers 503 while a migration of this build has not run', async () => {
    const row = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.ctx.db);
    const name = row.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.ctx.db);
    try {
      const res = await t.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'pending (1)' });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(t.ctx.db);
    }
    expect((await t.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 once draining, while /healthz and the API still answer', async () => {
    const other = await createTestApp(dialect);
    try {
      beginDrain(other.app);
      const res = await other.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { draining: 'yes', database: 'ok' } });
      expect((await other.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('/readyz asks Redis when it is configured: ok when it answers, 503 when it does not', async () => {
    const up = await createTestApp(dialect, { redisUrl: 'redis://127.0.0.1:6379' });
    try {
      const res = await up.inject({ method: 'GET', url: '/readyz' });
      expect(res.json().checks.redis).toBe('ok');
      expect(res.statusCode).toBe(200);
    } finally {
      await up.close();
    }
    // Redis that fails or never answers: the same plugin on a bare server over this app's database.
    for (const [what, ping] of [
      ['refuses', () => Promise.reject(new Error('ECONNREFUSED'))],
      ['hangs', () => new Promise(() => undefined)],
    ] as const) {
      const bare = Fastify({ logger: false });
      bare.decorate('ctx', t.ctx);
      await bare.register(probeRoutes, { redis: { ping } as never });
      try {
        const res = await bare.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode, what).toBe(503);
        expect(res.json().checks, what).toMatchObject({ database: 'ok', migrations: 'ok', redis: 'unreachable' });
        expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await bare.close();
      }
    }
  });
});

describe('probes of a running server', () => {
  let site: ChildSite;
  beforeAll(async () => {
    site = await prepareSite('sqlite');
  });
  afterAll(() => site.drop());

  it('after SIGTERM /readyz answers 503 for DRAIN_MS while requests are served, then it exits 0; probes stay out of the access log', async () => {
    const server = await startServer(site, { DRAIN_MS: '1500', LOG_LEVEL: 'info' });
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    server.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: { draining: string } }).checks.draining).toBe('yes');
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.base}${API}/health`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    const out = server.output();
    expect(out).toContain(`"url":"${API}/health"`);
    expect(out).not.toContain('/healthz');
    expect(out).not.toContain('"url":"/readyz"');
  });
});
