import { existsSync } from 'node:fs';
import path from 'node:path';
import { remotesManifest } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

/** The remotes plugin inside the real app: its routes, the app's not-found handler, start-up. */
describe('remotes plugin in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An HTML page whatever the state of apps/shell/dist, so the page CSP is always observable.
    t = await createTestApp('sqlite', {}, (app) => app.get('/__page', (_req, reply) => reply.type('text/html').send('<p>x</p>')));
  });
  afterAll(() => t.close());

  it('serves a valid remotes.json with no-store after start-up', async () => {
    const res = await t.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const manifest = remotesManifest.parse(res.json());
    for (const [name, r] of Object.entries(manifest.remotes)) {
      const file = await t.inject({ method: 'GET', url: r!.entry });
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps API 404s as JSON and refuses traversal', async () => {
    const api = await t.inject({ method: 'GET', url: '/service/api/v1/no/such', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status_code: 'NOT_FOUND' });
    for (const url of ['/remotes/../../etc/passwd', '/remotes/chat/x/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('root:');
    }
  });

  it('answers client routes with the shell page (or 503 JSON before a build)', async () => {
    const res = await t.inject({ method: 'GET', url: '/setting/change-password', headers: { accept: 'text/html' } });
    if (existsSync(path.join(REPO_ROOT, 'apps', 'shell', 'dist', 'index.html'))) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    } else {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status_code: 'INTERNAL_ERROR' });
    }
  });

  it('puts the origin of an absolute (CDN) entry into the page CSP', async () => {
    const now = Date.now();
    await t.ctx.db
      .insertInto('remote_versions')
      .values({
        name: 'chat',
        version: '9.9.9-cdn00001',
        entry: 'https://cdn.example.com/p/chat/9.9.9-cdn00001/mf-manifest.json',
        created_at: now,
      })
      .execute();
    await t.ctx.db
      .insertInto('remote_current')
      .values({ name: 'chat', version: '9.9.9-cdn00001', pinned: 1, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version: '9.9.9-cdn00001', pinned: 1, updated_at: now }))
      .execute();
    await new Promise((res) => setTimeout(res, 600)); // past the registry cache period
    const res = await t.inject({ method: 'GET', url: '/__page' });
    expect(String(res.headers['content-security-policy'] ?? '')).toContain("script-src 'self' https://cdn.example.com");
    expect((await t.inject({ method: 'GET', url: '/remotes.json' })).json().remotes.chat.entry).toMatch(/^https:\/\/cdn\.example\.com\//);
  });
});
