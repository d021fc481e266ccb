import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, endpoints, type Endpoint } from '@portal/api-client';
import type { AppContext, AuthUser } from '../kernel/context';
import { HttpError } from './errors';

/**
 * Short-lived signed links for what a browser loads by URL: images in `<img>` and downloads the
 * browser streams to disk. A bearer token cannot ride on such a request and must never sit in a
 * URL; a signature can. It is an HMAC over the user, the expiry and the exact path with its query,
 * so a link names one file for one user and stops working within minutes. It only stands in for
 * the token: the route's own authorisation runs on every request as that user, so a link made
 * before a permission change fails after it.
 */

/** Links expire on a grid, so a page shown again within a window gets the same URLs (cache hits). */
export const SIGNED_WINDOW_MS = 5 * 60_000;

/** GET endpoints a signed link may name: images and single-file downloads. */
const SIGNABLE_GET: Endpoint[] = [
  endpoints.groupImage,
  endpoints.avatarImage,
  endpoints.inlineImage,
  endpoints.fileThumbnail,
  endpoints.commonFileThumbnail,
  endpoints.chatFileThumbnail,
  endpoints.previewFile,
  endpoints.previewCommonFile,
  endpoints.chatFilePreview,
  endpoints.downloadFile,
  endpoints.downloadCommonFile,
  endpoints.topicAttachment,
  endpoints.commonTopicAttachment,
  endpoints.chatFileDownload,
  // The settings page previews the caller's own theme pictures with a plain <img>.
  endpoints.themeImage,
];
/**
 * Zip downloads are POSTs with the chosen ids in the body. A navigation cannot post JSON, so each
 * also answers a signed GET at the same path carrying that body in `b` (base64url JSON, inside
 * the signature); the route parses it with the POST's own body schema.
 */
const SIGNABLE_ZIP: Endpoint[] = [
  endpoints.downloadFiles,
  endpoints.downloadCommonFiles,
  endpoints.commonTopicDownloadFiles,
  endpoints.chatDownloadFiles,
];

/**
 * Routes whose path alone names fixed bytes (a new upload is a new name or id), so what a link
 * loaded may be kept while the link lives. Others (a shared file's thumbnail or preview, which an
 * overwrite changes under the same id) are kept only when the link carries the version in `v`,
 * and are otherwise revalidated by ETag on each use.
 */
const FIXED_BYTES: Endpoint[] = [
  endpoints.groupImage,
  endpoints.avatarImage,
  endpoints.inlineImage,
  endpoints.chatFileThumbnail,
  endpoints.chatFilePreview,
];

export const mayKeep = (e: Endpoint, query: unknown) => FIXED_BYTES.includes(e) || Object.hasOwn((query ?? {}) as object, 'v');

export const isSignableGet = (e: Endpoint) => SIGNABLE_GET.includes(e);
export const isSignableZip = (e: Endpoint) => SIGNABLE_ZIP.includes(e);

const patternOf = (e: Endpoint) => new RegExp(`^${API_PREFIX}${e.path.replace(/:[A-Za-z]+/g, '[^/?#]+')}$`);
const PATTERNS = [...SIGNABLE_GET, ...SIGNABLE_ZIP].map(patternOf);

const keys = new Map<string, Buffer>();

/** The signing key: URL_SIGNING_KEY, or one generated once into DATA_DIR (0600). */
export function signingKey(config: AppContext['config']): Buffer {
  if (config.urlSigningKey) {
    if (config.urlSigningKey.length < 32) throw new Error('URL_SIGNING_KEY must be at least 32 characters');
    return Buffer.from(config.urlSigningKey);
  }
  const file = path.join(config.dataDir, 'url-signing.key');
  let key = keys.get(file);
  if (key) return key;
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // 'wx': when two processes start together, one writes and both read the same key.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  key = Buffer.from(fs.readFileSync(file, 'utf8').trim());
  keys.set(file, key);
  return key;
}

function mac(key: Buffer, userId: number, expires: number, target: string): string {
  return createHmac('sha256', key).update(`${userId}\n${expires}\n${target}`).digest('base64url');
}

/** Only characters a browser sends unchanged, so the signed text is the text that comes back. */
const SAFE_TARGET = /^[A-Za-z0-9\-._~/?&=%:,]+$/;

/**
 * A signed URL for `target` (an API path with or without the prefix, optionally with a query).
 * For a zip endpoint `body` is the JSON its POST would carry. 400 for anything not signable.
 */
export function signTarget(ctx: AppContext, userId: number, target: string, body?: unknown): string {
  let full = target.startsWith(`${API_PREFIX}/`) ? target : `${API_PREFIX}${target}`;
  const bare = full.split('?')[0]!;
  if (!SAFE_TARGET.test(full) || full.includes('..') || !PATTERNS.some((p) => p.test(bare))) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'This path cannot be signed.', { path: ['validation.invalid'] });
  }
  if (/[?&](u|e|s|b)=/.test(full))
    throw new HttpError(400, 'VALIDATION_ERROR', 'This path cannot be signed.', { path: ['validation.invalid'] });
  if (body !== undefined) full += `${full.includes('?') ? '&' : '?'}b=${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  const now = ctx.now();
  const expires = Math.floor(now / SIGNED_WINDOW_MS) * SIGNED_WINDOW_MS + 2 * SIGNED_WINDOW_MS;
  const seconds = Math.floor(expires / 1000);
  return `${full}${full.includes('?') ? '&' : '?'}u=${userId}&e=${seconds}&s=${mac(signingKey(ctx.config), userId, seconds, full)}`;
}

const SIGNED = /^(.*?)[?&]u=(\d{1,12})&e=(\d{1,12})&s=([A-Za-z0-9_-]{43})$/;

/** Whether the request carries a signature at all (then it is checked, never ignored). */
export const hasSignature = (url: string) => /[?&]s=/.test(url);

export interface SignedRequest {
  user: AuthUser;
  /** Seconds the link has left: the longest a browser may keep what it loaded. */
  remainingSeconds: number;
}

/**
 * Checks a signed request's URL and loads its user: 401 INVALID_TOKEN for a tampered or malformed
 * link, TOKEN_EXPIRED after its expiry, INVALID_USER once the user is gone or disabled.
 */
export async function verifySigned(ctx: AppContext, url: string): Promise<SignedRequest> {
  const m = SIGNED.exec(url);
  if (!m) throw new HttpError(401, 'INVALID_TOKEN');
  const [, target, u, e, s] = m as unknown as [string, string, string, string, string];
  const userId = Number(u);
  const expires = Number(e);
  const expected = Buffer.from(mac(signingKey(ctx.config), userId, expires, target));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'INVALID_TOKEN');
  const remainingSeconds = expires - Math.floor(ctx.now() / 1000);
  if (remainingSeconds <= 0) throw new HttpError(401, 'TOKEN_EXPIRED');
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'company_id', 'status', 'is_company_admin', 'pending_approval'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.company_id === null || row.status !== 'active') throw new HttpError(401, 'INVALID_USER');
  return {
    user: {
      id: row.id,
      companyId: row.company_id,
      isCompanyAdmin: row.is_company_admin === 1,
      // Not a login: nothing that needs one (logout, password change) is signable.
      sessionId: '',
      pendingApproval: row.pending_approval === 1,
    },
    remainingSeconds,
  };
}

/**
 * The query a signed request's route sees: its own parameters, without the signature's and the
 * client's cache key `v`.
 */
export function withoutSignature(query: unknown): { query: Record<string, unknown>; body: unknown } {
  const { u: _u, e: _e, s: _s, v: _v, b, ...rest } = (query ?? {}) as Record<string, unknown>;
  let body: unknown;
  if (typeof b === 'string') {
    try {
      body = JSON.parse(Buffer.from(b, 'base64url').toString('utf8'));
    } catch {
      throw new HttpError(400, 'VALIDATION_ERROR', 'Malformed link.');
    }
  }
  return { query: rest, body };
}

/** A strong validator for stored bytes: storage keys are never reused for other content. */
export const storageEtag = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
