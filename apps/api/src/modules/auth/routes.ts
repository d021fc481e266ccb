import { endpoints } from '@portal/api-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import * as q from './queries';
import * as service from './service';
import { setupRoutes } from './setup';
import { unlockRoutes } from './unlock';
import { PRIVACY_POLICY, TERMS_OF_USE } from './texts';
import { refreshSession, revokeSession, type IssuedSession } from './tokens';
import { looksLikeSubscription, parseSubscription } from '../../kernel';
import { storedLegalText } from '../help';
import { lineRoutes } from './line/routes';

export const REFRESH_COOKIE = 'portal_refresh';
const COOKIE_PATH = '/service/api/v1/auth';

function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, s: IssuedSession): void {
  reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.ctx.config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: s.refreshMaxAge,
  });
}

function tokenItems(s: IssuedSession) {
  return { items: { access_token: s.accessToken, token_type: 'Bearer' as const, expires_in: s.expiresIn } };
}

/**
 * A refresh must come from a page of the portal itself: the Origin a browser puts on every POST
 * is the portal's public origin or the host the request was sent to. The SameSite=Strict cookie
 * already stays home; this also refuses a request with no Origin at all.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

const ok = { items: { ok: true as const } };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const strict = { rateLimitPerMinute: app.ctx.config.rateLimitLogin };
  await setupRoutes(app, strict);
  await unlockRoutes(app);
  await lineRoutes(app, { setRefreshCookie: (reply, s) => setRefreshCookie(app, reply, s), tokenItems }, strict);

  registerEndpoint(
    app,
    endpoints.login,
    async ({ ctx, body, reply, request }) => {
      const session = await service.login(ctx, body, request.ip);
      setRefreshCookie(app, reply, session);
      return tokenItems(session);
    },
    strict,
  );

  registerEndpoint(app, endpoints.refresh, async ({ ctx, request, reply }) => {
    if (!sameOrigin(request, ctx.config.publicUrl))
      throw new HttpError(403, 'UNAUTHORIZED_ACTION', 'A refresh must come from the portal itself.');
    // Only the cookie: a refresh token sent as a Bearer header is not looked at.
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new HttpError(401, 'INVALID_TOKEN');
    const result = await refreshSession(ctx, token);
    if (!result.ok) {
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw new HttpError(401, result.code);
    }
    if (result.rotated) setRefreshCookie(app, reply, result.session);
    return tokenItems(result.session);
  });

  registerEndpoint(app, endpoints.logout, async ({ ctx, body, user, reply }) => {
    if (body.token) await q.resetDeviceCounter(ctx, body.token, user.id);
    await revokeSession(ctx, user.sessionId, user.id);
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return ok;
  });

  registerEndpoint(
    app,
    endpoints.forgotPassword,
    async ({ ctx, body }) => {
      await service.forgotPassword(ctx, body.email, body.lang);
      return ok;
    },
    strict,
  );

  registerEndpoint(
    app,
    endpoints.resetPassword,
    async ({ ctx, body }) => {
      await service.resetPassword(ctx, body.token, body.password);
      return ok;
    },
    strict,
  );

  registerEndpoint(
    app,
    endpoints.checkTokenExpired,
    async ({ ctx, body }) => ({ items: await service.checkResetToken(ctx, body.token) }),
    strict,
  );

  registerEndpoint(app, endpoints.checkGroupUserLogin, async ({ ctx, user }) => ({
    items: { group_count: await service.checkGroupUserLogin(ctx, user.id) },
  }));

  registerEndpoint(app, endpoints.updateDeviceToken, async ({ ctx, body, user }) => {
    // A Web Push subscription must name an allowed push service (the server will POST to it).
    if (looksLikeSubscription(body.token) && !parseSubscription(body.token)) {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, { token: ['validation.format'] });
    }
    await q.upsertDeviceToken(ctx, user.id, body.token);
    return ok;
  });
  registerEndpoint(app, endpoints.resetNotification, async ({ ctx, body, user }) => {
    await q.resetDeviceCounter(ctx, body.token, user.id);
    return ok;
  });
  // Before login only the push token identifies the browser; knowing it is the credential.
  registerEndpoint(app, endpoints.resetNotificationBeforeLogin, async ({ ctx, body }) => {
    await q.resetDeviceCounter(ctx, body.token);
    return ok;
  });
  registerEndpoint(app, endpoints.deleteDeviceToken, async ({ ctx, body, user }) => {
    await q.deleteDeviceToken(ctx, body.token, user.id);
    return ok;
  });

  // A text a company administrator wrote in the help store wins over the built-in one.
  registerEndpoint(app, endpoints.privacyPolicy, async ({ ctx, query }) => ({
    items: (await storedLegalText(ctx, 'policy', query.lang ?? 'ja')) ?? PRIVACY_POLICY[query.lang ?? 'ja'],
  }));
  registerEndpoint(app, endpoints.termOfUse, async ({ ctx, query }) => ({
    items: (await storedLegalText(ctx, 'terms', query.lang ?? 'ja')) ?? TERMS_OF_USE[query.lang ?? 'ja'],
  }));
}
