import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publish } from './deploy';
import { makeSandbox, writeBuild, writeShell, type Sandbox } from './fixtures.test-util';
import remotesPlugin from './plugin';
import { precompressDir } from '@portal/federation/precompress';
import { pickEncoding } from './static-files';

let sb: Sandbox;
let app: FastifyInstance | undefined;
/** A script big and repetitive enough to be worth compressing (precompress skips < 1 KB). */
const BIG_JS = `console.log(${JSON.stringify('いろはにほへと '.repeat(400))});`;

async function serve(): Promise<FastifyInstance> {
  const f = Fastify({ logger: false });
  f.decorate('ctx', { config: { dataDir: sb.dataDir }, db: sb.registry.db, dialect: sb.registry.dialect } as never);
  await f.register(remotesPlugin, { rootDir: sb.rootDir, publishOnReady: false });
  await f.ready();
  return f;
}

beforeEach(async () => {
  sb = await makeSandbox();
  await writeShell(sb);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await sb.cleanup();
});

describe('pickEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('precompressed assets', () => {
  it('serves the shell by content negotiation, keeping immutable caching and a per-encoding ETag', async () => {
    const dist = path.join(sb.rootDir, 'apps', 'shell', 'dist');
    await writeFile(path.join(dist, 'static', 'js', 'big.0123abcd.js'), BIG_JS);
    await precompressDir(dist);
    app = await serve();
    const url = '/static/js/big.0123abcd.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(BIG_JS);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a remote when it is published, and serves the sibling under /remotes/', async () => {
    await writeBuild(sb, 'chat', { body: 'x'.repeat(4000) });
    const { version } = await publish('chat', { rootDir: sb.rootDir, dataDir: sb.dataDir, registry: sb.registry });
    app = await serve();
    const res = await app.inject({ url: `/remotes/chat/${version}/remoteEntry.js`, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('x'.repeat(4000));
    // Path checks are unchanged: the sibling of a non-public file is not reachable either.
    expect((await app.inject({ url: '/remotes/chat/state.json.br', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
  });
});
