import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Streams a regular file with type, length, ETag and cache headers; false when there is none. */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
): Promise<boolean> {
  const s = await stat(file).catch(() => null);
  if (!s?.isFile()) return false;
  const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', s.mtime.toUTCString())
    .header('X-Content-Type-Options', 'nosniff')
    .type(MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) {
    await reply.code(304).send();
    return true;
  }
  reply.header('Content-Length', s.size);
  await reply.send(createReadStream(file));
  return true;
}

/** Shell assets: content-hashed names under static/ never change; everything else revalidates. */
export function shellCacheControl(rel: string): string {
  return rel.startsWith('static/') || /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(rel) ? IMMUTABLE : NO_CACHE;
}
