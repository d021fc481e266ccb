import { endpoints, type Endpoint } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { registerEndpoint } from './route';

const API = '/service/api/v1';

/** A URL for a registered route with every `:param` filled in. */
const concrete = (url: string) => url.replace(/:([A-Za-z_]+)/g, '1');

const boom = {
  method: 'GET',
  path: '/test/boom',
  auth: false,
  response: z.object({ items: z.object({ ok: z.literal(true) }) }),
  summary: 'always fails',
  tags: ['test'],
} satisfies Endpoint;

describe.each(DIALECTS)('http platform (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      registerEndpoint(app, boom, async () => {
        throw new Error('secret internal detail');
      });
    });
  });
  afterAll(() => t.close());

  it('every non-public route answers 401 INVALID_TOKEN without a token', async () => {
    const protectedRoutes = t.app.routeRegistry.filter((r) => r.auth);
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(10);
    for (const r of protectedRoutes) {
      const res = await t.inject({ method: r.method, url: concrete(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().status_code, `${r.method} ${r.url}`).toBe('INVALID_TOKEN');
    }
  });

  it('registers every contract endpoint, and the OpenAPI document lists each of them', async () => {
    const registered = new Set(t.app.routeRegistry.map((r) => `${r.method} ${r.url}`));
    for (const e of Object.values(endpoints) as Endpoint[]) expect(registered).toContain(`${e.method} ${API}${e.path}`);

    const res = await t.inject({ method: 'GET', url: `${API}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { security: unknown[]; requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of Object.values(endpoints) as Endpoint[]) {
      const op = doc.paths[e.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.security.length > 0).toBe(e.auth);
    }
    const login = doc.paths['/auth/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('employee_number');
  });

  it('health checks the database', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: { status: 'ok', db: 'ok' } });
  });

  it('malformed JSON, a wrong content type and an oversized body are 400 VALIDATION_ERROR', async () => {
    const url = `${API}/auth/login`;
    const bad = await t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"employee_number":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', errors: { _: ['validation.malformed_body'] } });

    const xml = await t.inject({ method: 'POST', url, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(400);
    expect(xml.json().status_code).toBe('VALIDATION_ERROR');

    const huge = await t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ employee_number: 'x'.repeat(2 * 1024 * 1024), password: 'p' }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors._).toEqual(['validation.body_too_large']);
  });

  it('an over-long field is refused before any side effect', async () => {
    const res = await t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number: 'E'.repeat(51), password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.employee_number).toEqual(['validation.max_length']);
  });

  it('unknown errors are 500 INTERNAL_ERROR without details', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/test/boom` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: 'INTERNAL_ERROR', message: 'Something went wrong.' });
    expect(res.body).not.toContain('secret');
  });

  it('unknown API paths are JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const api = await t.inject({ method, url: `${API}/no/such/thing`, headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().status_code).toBe('NOT_FOUND');
    }
  });
});

describe('http platform: SPA fallback and rate limits', () => {
  it('hands unmatched non-API requests to app.spaFallback, or answers a plain 404 without one', async () => {
    // The remotes plugin decorates the real fallback; replacing it isolates the app-level handler.
    let fallback: FastifyInstance['spaFallback'] = (_req, reply) => reply.type('text/html').send('<!doctype html><title>shell</title>');
    const t = await createTestApp('sqlite', {}, (app) => {
      app.spaFallback = (req, reply) => (fallback ? fallback(req, reply) : undefined);
    });
    try {
      const page = await t.inject({ method: 'POST', url: '/group/1/new-feed' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('shell');
      fallback = undefined;
      t.app.spaFallback = undefined;
      const plain = await t.inject({ method: 'POST', url: '/group/1/new-feed' });
      expect(plain.statusCode).toBe(404);
      expect(plain.headers['content-type']).toContain('text/plain');
      expect((await t.inject({ method: 'GET', url: `${API}/nope` })).json().status_code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('answers 429 API_RATE_EXCEEDED past the global and the stricter login limits', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 5, rateLimitAnon: 5, rateLimitLogin: 2 });
    try {
      for (let i = 0; i < 5; i++) expect((await t.inject({ method: 'GET', url: `${API}/privacy-policy` })).statusCode).toBe(200);
      const limited = await t.inject({ method: 'GET', url: `${API}/term-of-use` });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ status_code: 'API_RATE_EXCEEDED', message: expect.any(String) });
      // Another client IP has its own budget.
      expect((await t.inject({ method: 'GET', url: `${API}/privacy-policy`, remoteAddress: '10.0.0.9' })).statusCode).toBe(200);

      const payload = { email: 'a@test.example', password: 'x' };
      const ip = { remoteAddress: '10.0.0.7' };
      expect((await t.inject({ method: 'POST', url: `${API}/auth/login`, payload, ...ip })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: `${API}/auth/login`, payload, ...ip })).statusCode).toBe(401);
      const third = await t.inject({ method: 'POST', url: `${API}/auth/login`, payload, ...ip });
      expect(third.statusCode).toBe(429);
      expect(third.json().status_code).toBe('API_RATE_EXCEEDED');
    } finally {
      await t.close();
    }
  });

  it('keeps both limits with several processes, counted in Redis (rate-limit-store.ts)', async () => {
    const t = await createTestApp('sqlite', {
      rateLimitMax: 5,
      rateLimitAnon: 5,
      rateLimitLogin: 2,
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
    // Addresses of this run only: the keys live in the shared Redis for a minute.
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const ip = { remoteAddress: `10.${octet()}.${octet()}.${octet()}` };
    try {
      const codes = [];
      for (let i = 0; i < 7; i++) codes.push((await t.inject({ method: 'GET', url: `${API}/privacy-policy`, ...ip })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const payload = { email: 'a@test.example', password: 'x' };
      const logins = await Promise.all([1, 2, 3, 4].map(() => t.inject({ method: 'POST', url: `${API}/auth/login`, payload, ...ip })));
      expect(logins.map((r) => r.statusCode).sort()).toEqual([401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
