import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { LineConfig } from '../../../config';
import type { AppContext } from '../../../kernel';
import { HttpError } from '../../../http/errors';

/**
 * LINE Login as an OpenID Connect client: authorisation-code flow with PKCE (S256), a state that
 * is single-use, expires and is bound to the browser that started it by an HttpOnly cookie, and
 * a nonce checked inside the ID token. LINE signs ID tokens HS256 with the channel secret, so
 * the token is verified with that secret, LINE's issuer and our channel id as audience.
 * The code, tokens and the LINE user id are never logged; only the one-time code passes
 * through the browser (in LINE's redirect to /line-login).
 */
export type LineMode = 'login' | 'link';
export interface LineIdentity {
  sub: string;
  email: string | undefined;
}

const STATE_TTL_MS = 10 * 60_000;
const TOKEN_TIMEOUT_MS = 10_000;

const secret = (bytes = 32) => randomBytes(bytes).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export const lineFailed = () => new HttpError(400, 'LINE_LOGIN_FAILED', 'The LINE login could not be completed.');

export function lineConfig(ctx: AppContext): LineConfig {
  if (!ctx.config.line) throw new HttpError(404, 'LINE_NOT_CONFIGURED', 'LINE login is not configured.');
  return ctx.config.line;
}

/** Stores a new authorisation request and answers LINE's URL plus the cookie value binding it. */
export async function beginLine(ctx: AppContext, mode: LineMode, userId: number | null): Promise<{ url: string; binding: string }> {
  const line = lineConfig(ctx);
  const [state, nonce, verifier, binding] = [secret(), secret(), secret(48), secret()];
  const now = ctx.now();
  // Abandoned requests go here rather than in a job: there are few, and each start is a write anyway.
  await ctx.db.deleteFrom('line_login_states').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('line_login_states')
    .values({
      state_hash: sha256(state),
      binding_hash: sha256(binding),
      nonce,
      code_verifier: verifier,
      mode,
      user_id: userId,
      expires_at: now + STATE_TTL_MS,
      created_at: now,
    })
    .execute();
  const url = new URL(line.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: line.channelId,
    redirect_uri: line.callbackUrl,
    state,
    scope: 'openid profile email',
    nonce,
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), binding };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Consumes the state (deleted first, so a replay or a second racing post finds nothing), checks
 * it was started for this mode, by this browser (and for a link, by this user), then exchanges
 * the code and verifies the ID token. Every refusal is the same LINE_LOGIN_FAILED.
 */
export async function finishLine(
  ctx: AppContext,
  mode: LineMode,
  body: { code: string; state: string },
  bindingCookie: string | undefined,
  userId: number | null,
): Promise<LineIdentity> {
  const line = lineConfig(ctx);
  const row = await ctx.db.deleteFrom('line_login_states').where('state_hash', '=', sha256(body.state)).returningAll().executeTakeFirst();
  if (!row || Number(row.expires_at) < ctx.now() || row.mode !== mode) throw lineFailed();
  if (!bindingCookie || !sameHash(row.binding_hash, sha256(bindingCookie))) throw lineFailed();
  if (mode === 'link' && row.user_id !== userId) throw lineFailed();

  const res = await fetch(line.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: line.callbackUrl,
      client_id: line.channelId,
      client_secret: line.channelSecret,
      code_verifier: row.code_verifier,
    }),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  }).catch(() => null);
  if (!res?.ok) throw lineFailed();
  const json = (await res.json().catch(() => null)) as { id_token?: unknown } | null;
  if (typeof json?.id_token !== 'string') throw lineFailed();
  let payload;
  try {
    ({ payload } = await jwtVerify(json.id_token, new TextEncoder().encode(line.channelSecret), {
      algorithms: ['HS256'],
      issuer: line.issuer,
      audience: line.channelId,
      currentDate: new Date(ctx.now()),
      clockTolerance: 60,
    }));
  } catch {
    throw lineFailed();
  }
  if (payload.nonce !== row.nonce || typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 100) throw lineFailed();
  const email = typeof payload.email === 'string' && payload.email !== '' ? payload.email : undefined;
  return { sub: payload.sub, email };
}
