import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publish } from './deploy';
import { makeSandbox, writeBuild, writeShell, type Sandbox } from './fixtures.test-util';
import remotesPlugin from './plugin';

let sb: Sandbox;
let app: FastifyInstance;

/**
 * A bare Fastify with only the `ctx.config` this plugin reads, plus a not-found handler shaped
 * like app.ts's (API paths → JSON 404, everything else → spaFallback), so fake builds under a
 * temp root can be served. integration.test.ts covers the plugin inside the real app.
 */
async function buildApp(): Promise<FastifyInstance> {
  const f = Fastify({ logger: false });
  f.decorate('ctx', { config: { dataDir: sb.dataDir }, db: sb.registry.db, dialect: sb.registry.dialect } as never);
  f.get('/service/api/v1/ping', async () => ({ items: { ok: true } }));
  await f.register(remotesPlugin, { rootDir: sb.rootDir, publishOnReady: true });
  f.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/service/')) return reply.code(404).send({ status_code: 'NOT_FOUND', message: 'api' });
    return f.spaFallback!(request, reply);
  });
  await f.ready();
  return f;
}

beforeEach(async () => {
  sb = await makeSandbox();
  await writeShell(sb);
});
afterEach(async () => {
  await app?.close();
  await sb.cleanup();
});

describe('GET /remotes.json', () => {
  it('serves the manifest with no-store, including builds published at start-up', async () => {
    await writeBuild(sb, 'chat');
    app = await buildApp();
    const res = await app.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.remotes.chat.entry).toMatch(/^\/remotes\/chat\/0\.1\.0-[0-9a-f]{8}\/mf-manifest\.json$/);
  });

  it('picks up a publish from elsewhere (CLI, another node) within a second, without a restart', async () => {
    app = await buildApp();
    expect((await app.inject('/remotes.json')).json().remotes).toEqual({});
    await writeBuild(sb, 'calendar');
    const r = await publish('calendar', { rootDir: sb.rootDir, dataDir: sb.dataDir, registry: sb.registry });
    const started = Date.now();
    let seen: string | undefined;
    while (Date.now() - started < 1000 && !seen) {
      seen = (await app.inject('/remotes.json')).json().remotes.calendar?.version;
      if (!seen) await new Promise((res) => setTimeout(res, 50));
    }
    expect(seen).toBe(r.version);
  });

  it('answers 503 JSON when the registry cannot be read, and keeps serving', async () => {
    app = await buildApp();
    await sb.registry.db.schema.dropTable('remote_current').execute();
    await new Promise((res) => setTimeout(res, 600)); // past the cache period
    const res = await app.inject('/remotes.json');
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status_code: 'INTERNAL_ERROR' });
    expect((await app.inject('/service/api/v1/ping')).statusCode).toBe(200);
  });
});

describe('GET /remotes/**', () => {
  it('serves build files with an immutable cache policy', async () => {
    await writeBuild(sb, 'chat', { body: 'hello' });
    app = await buildApp();
    const { version } = (await app.inject('/remotes.json')).json().remotes.chat;
    const res = await app.inject(`/remotes/chat/${version}/remoteEntry.js`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain('hello');
    const manifest = await app.inject(`/remotes/chat/${version}/mf-manifest.json`);
    expect(manifest.json().name).toBe('portal_chat');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await writeBuild(sb, 'chat');
    app = await buildApp();
    const { version } = (await app.inject('/remotes.json')).json().remotes.chat;
    const first = await app.inject(`/remotes/chat/${version}/remoteEntry.js`);
    const again = await app.inject({
      url: `/remotes/chat/${version}/remoteEntry.js`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/remotes/../../etc/passwd',
    '/remotes/%2e%2e/%2e%2e/etc/passwd',
    '/remotes/chat/%2e%2e%2f%2e%2e%2f..%2fetc%2fpasswd',
    '/remotes/chat/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/remotes/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
    '/remotes/chat/0.1.0-aaaaaaaa/..%2f..%2f..%2fremotes.json',
    '/remotes/chat/0.1.0-aaaaaaaa/../../../../../../../../../etc/passwd',
    '/remotes/chat/0.1.0-aaaaaaaa/..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/remotes/chat/0.1.0-aaaaaaaa/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/remotes/chat/state.json',
    '/remotes/chat/%252e%252e/%252e%252e/remotes.json',
    '/remotes/chat/x/%00.js',
  ])('404s traversal attempt %s', async (url) => {
    await writeBuild(sb, 'chat');
    app = await buildApp();
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('"remotes"');
  });

  it('404s a missing file with JSON, not the SPA page', async () => {
    app = await buildApp();
    const res = await app.inject({ url: '/remotes/chat/0.1.0-00000000/remoteEntry.js', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status_code: 'NOT_FOUND', message: 'Not found.' });
  });
});

describe('the shell', () => {
  it('serves index.html at / with no-cache and hashed assets as immutable', async () => {
    app = await buildApp();
    const index = await app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<div id="root">');
    const js = await app.inject('/static/js/index.1a2b3c4d.js');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/favicon.ico')).headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes that accept HTML', async () => {
    app = await buildApp();
    const res = await app.inject({ url: '/group/12/new-feed?x=1', headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it("serves a client route's prerendered page in the visitor's language, index.html otherwise", async () => {
    const dir = path.join(sb.rootDir, 'apps', 'shell', 'dist', 'prerendered');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'email-login.ja.html'), '<p>メールでログイン</p>');
    await writeFile(path.join(dir, 'email-login.en.html'), '<p>Log in by e-mail</p>');
    app = await buildApp();
    const html = (url: string, cookie?: string) => app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    const ja = await html('/email/login?redirect=%2Fchat');
    expect(ja.statusCode).toBe(200);
    expect(ja.body).toBe('<p>メールでログイン</p>');
    expect(ja.headers['cache-control']).toBe('no-cache');
    expect(ja.headers.vary).toBe('Accept-Encoding, Cookie');
    expect((await html('/email/login', 'a=1; portal_lang=en')).body).toBe('<p>Log in by e-mail</p>');
    // An unknown language falls back to Japanese; a route without a page gets index.html.
    expect((await html('/email/login', 'portal_lang=fr')).body).toBe('<p>メールでログイン</p>');
    expect((await html('/login')).body).toContain('<div id="root">');
    expect((await html('/email-login.ja.html')).body).toContain('<div id="root">');
    // Only GETs that accept HTML; the API prefix never.
    expect((await app.inject({ url: '/email/login', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/email/login', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('404s a missing asset (no HTML accepted) and unknown API paths with JSON', async () => {
    app = await buildApp();
    expect((await app.inject('/static/js/gone.12345678.js')).statusCode).toBe(404);
    const api = await app.inject({ url: '/service/api/v1/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status_code: 'NOT_FOUND' });
    expect((await app.inject('/../../etc/passwd')).body).not.toContain('root:');
  });

  it('exposes spaFallback for the app-level not-found handler (POST is not served HTML)', async () => {
    app = await buildApp();
    const res = await app.inject({ method: 'POST', url: '/somewhere', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });
});
