import { importPKCS8, SignJWT } from 'jose';
import type { FirebaseConfig } from './config';

/** One token serves both APIs, so one cache entry per service account. */
const SCOPES = ['https://www.googleapis.com/auth/firebase.messaging', 'https://www.googleapis.com/auth/datastore'].join(' ');
/** Renew a minute early so a token does not expire between check and use. */
const EARLY_MS = 60_000;
const TIMEOUT_MS = 10_000;

interface Cached {
  token: string;
  expiresAt: number;
}

const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached>>();

const keyOf = (fb: FirebaseConfig) => `${fb.tokenUrl}\n${fb.credentials.clientEmail}`;

/**
 * An OAuth2 access token by the JWT-bearer grant (RFC 7523), as Google's libraries do: a JWT
 * signed RS256 with the service account's key is exchanged at the token endpoint. Cached until
 * shortly before it expires; concurrent callers share one exchange. Real time (Date.now), not the
 * app clock: the token endpoint judges iat/exp against its own clock.
 */
export async function accessToken(fb: FirebaseConfig): Promise<string> {
  const key = keyOf(fb);
  const hit = cache.get(key);
  if (hit && hit.expiresAt - EARLY_MS > Date.now()) return hit.token;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = exchange(fb).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const got = await pending;
  cache.set(key, got);
  return got.token;
}

/** Forgets the cached token (the API answered 401: revoked or the key was rotated). */
export function dropAccessToken(fb: FirebaseConfig): void {
  cache.delete(keyOf(fb));
}

async function exchange(fb: FirebaseConfig): Promise<Cached> {
  const now = Math.floor(Date.now() / 1000);
  const signingKey = await importPKCS8(fb.credentials.privateKeyPem, 'RS256');
  const assertion = await new SignJWT({ scope: SCOPES })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(fb.credentials.clientEmail)
    .setSubject(fb.credentials.clientEmail)
    .setAudience(fb.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(signingKey);
  const res = await fetch(fb.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
  if (!res.ok || typeof body.access_token !== 'string') {
    // Only the status and the OAuth error code: the body could echo the assertion.
    throw new Error(`firebase: access token refused (${res.status} ${typeof body.error === 'string' ? body.error : ''})`.trim());
  }
  const seconds = Number(body.expires_in);
  return { token: body.access_token, expiresAt: Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000 };
}

/** fetch with the access token; a 401 drops the cached token so the retry gets a fresh one. */
export async function authorizedFetch(fb: FirebaseConfig, url: string, body: unknown): Promise<Response> {
  const token = await accessToken(fb);
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status === 401) dropAccessToken(fb);
  return res;
}
