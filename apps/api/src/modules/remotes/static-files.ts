import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSIBLE } from '@portal/federation/precompress';

/**
 * Minimal static file sending for the shell and the remote builds. Written here rather than with
 * @fastify/static because each root needs its own cache policy and path rules, and the remote
 * folders are checked segment by segment before any path is built.
 */

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * Joins URL path segments under `root`, or null when the path could leave it: any `..`, `.`,
 * empty or dot-file segment, a backslash or NUL anywhere. Fastify has already percent-decoded
 * the wildcard, so `%2e%2e%2f` arrives here as `../` and is refused like the plain form.
 */
export function safeJoin(root: string, urlPath: string): string | null {
  if (urlPath.includes('\0') || urlPath.includes('\\')) return null;
  const segments = urlPath.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const full = path.resolve(root, ...segments);
  const base = path.resolve(root);
  return full.startsWith(base + path.sep) ? full : null;
}

/**
 * The precompressed sibling to send for an Accept-Encoding header: brotli when accepted, else
 * gzip, else none. A coding listed with q=0 is refused; `*` accepts both.
 */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const ok = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const SIBLING = { br: '.br', gzip: '.gz' } as const;

/**
 * Streams a regular file with type, length, ETag and cache headers; false when there is none.
 * Text files built with .br/.gz siblings (@portal/federation/precompress) are answered with the sibling the
 * client accepts, `Vary: Accept-Encoding` and an ETag per encoding.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
  /** Request headers besides Accept-Encoding that chose this file (`Vary`). */
  varyAlso?: string,
): Promise<boolean> {
  const s = await stat(file).catch(() => null);
  if (!s?.isFile()) return false;
  const ext = path.extname(file).toLowerCase();
  let body = file;
  let size = s.size;
  let tag = '';
  if (COMPRESSIBLE.has(ext)) {
    reply.header('Vary', varyAlso ? `Accept-Encoding, ${varyAlso}` : 'Accept-Encoding');
    const coding = pickEncoding(request.headers['accept-encoding']);
    const sibling = coding ? await stat(file + SIBLING[coding]).catch(() => null) : null;
    if (coding && sibling?.isFile()) {
      body = file + SIBLING[coding];
      size = sibling.size;
      tag = `-${coding}`;
      reply.header('Content-Encoding', coding);
    }
  }
  const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}${tag}"`;
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', s.mtime.toUTCString())
    .header('X-Content-Type-Options', 'nosniff')
    .type(MIME[ext] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) {
    reply.removeHeader('Content-Encoding');
    await reply.code(304).send();
    return true;
  }
  reply.header('Content-Length', size);
  await reply.send(createReadStream(body));
  return true;
}

/** Shell assets: content-hashed names under static/ never change; everything else revalidates. */
export function shellCacheControl(rel: string): string {
  return rel.startsWith('static/') || /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(rel) ? IMMUTABLE : NO_CACHE;
}
