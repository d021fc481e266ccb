import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { contentSecurityPolicy, foreignOrigins } from './security-headers';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

describe('content security policy', () => {
  it('allows scripts only from this origin and the remotes’ foreign origins, never inline or eval', () => {
    const origins = foreignOrigins(
      [
        '/remotes/chat/1.0.0/mf-manifest.json',
        'https://cdn.example/chat/mf-manifest.json',
        'https://cdn.example/x.json',
        'http://portal.test/remotes/a.json',
        'javascript:alert(1)',
        '::bad::',
      ],
      'http://portal.test',
    );
    expect(origins).toEqual(['https://cdn.example']);
    const d = directives(contentSecurityPolicy(origins));
    expect(d.get('script-src')).toEqual(["'self'", 'https://cdn.example']);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://cdn.example']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy([])).get('script-src')).toEqual(["'self'"]);
  });
});

describe.each(DIALECTS)('security headers on every response (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      app.get('/__test/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>x</p>'));
    });
    // A remote moved to a CDN: its origin joins the page policy on the next page load.
    await t.ctx.db
      .insertInto('remote_versions')
      .values({ name: 'chat', version: '9.9.9', entry: 'https://cdn.example/chat/9.9.9/mf-manifest.json', created_at: 0 })
      .execute();
    // An upsert: with the remotes built (apps/*/dist), the app publishes chat at start already.
    await t.ctx.db
      .insertInto('remote_current')
      .values({ name: 'chat', version: '9.9.9', pinned: 0, updated_at: 0 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version: '9.9.9', pinned: 0 }))
      .execute();
  });
  afterAll(() => t.close());

  it('an HTML page carries the CSP with the remote origin, the referrer, sniffing, framing and camera rules', async () => {
    const res = await t.inject({ method: 'GET', url: '/__test/page' });
    expect(res.statusCode).toBe(200);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.example']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // http PUBLIC_URL
  });

  it('the shell page of a client route gets the policy too (or the not-built answer is JSON)', async () => {
    const res = await t.inject({ method: 'GET', url: '/reset-password?token=secret', headers: { accept: 'text/html' } });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (res.statusCode === 200) expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    else expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('API answers and errors run nothing if opened, and keep the referrer rule', async () => {
    for (const url of ['/service/api/v1/health', '/service/api/v1/members/me', '/service/api/v1/no/such']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('HSTS behind https', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const t = await createTestApp('sqlite', { publicUrl: 'https://portal.example' });
    try {
      const res = await t.inject({ method: 'GET', url: '/service/api/v1/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});
