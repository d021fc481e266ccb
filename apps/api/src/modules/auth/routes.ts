import { endpoints, LIMITS } from '@portal/api-client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors';
import { bearerToken, registerEndpoint } from '../../http/route';
import * as q from './queries';
import * as service from './service';
import { PRIVACY_POLICY, TERMS_OF_USE } from './texts';
import { refreshSession, revokeSession, type IssuedSession } from './tokens';

export const REFRESH_COOKIE = 'portal_refresh';
const COOKIE_PATH = '/service/api/v1/auth';

function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.ctx.config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: LIMITS.idleLogoutSeconds,
  });
}

function tokenItems(s: IssuedSession) {
  return {
    items: {
      access_token: s.accessToken,
      token_type: 'Bearer' as const,
      expires_in: s.expiresIn,
      refresh_token: s.refreshToken,
    },
  };
}

const ok = { items: { ok: true as const } };

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const strict = { rateLimitPerMinute: app.ctx.config.rateLimitLogin };

  registerEndpoint(
    app,
    endpoints.login,
    async ({ ctx, body, reply }) => {
      const session = await service.login(ctx, body);
      setRefreshCookie(app, reply, session.refreshToken);
      return tokenItems(session);
    },
    strict,
  );

  registerEndpoint(app, endpoints.refresh, async ({ ctx, request, reply }) => {
    const token = request.cookies[REFRESH_COOKIE] ?? bearerToken(request);
    if (!token) throw new HttpError(401, 'INVALID_TOKEN');
    const result = await refreshSession(ctx, token);
    if (!result.ok) {
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      throw new HttpError(401, result.code);
    }
    setRefreshCookie(app, reply, result.session.refreshToken);
    return tokenItems(result.session);
  });

  registerEndpoint(app, endpoints.logout, async ({ ctx, body, user, reply }) => {
    if (body.token) await q.resetDeviceCounter(ctx, body.token, user.id);
    await revokeSession(ctx, user.sessionId);
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

  registerEndpoint(app, endpoints.privacyPolicy, async ({ query }) => ({ items: PRIVACY_POLICY[query.lang ?? 'ja'] }));
  registerEndpoint(app, endpoints.termOfUse, async ({ query }) => ({ items: TERMS_OF_USE[query.lang ?? 'ja'] }));
}
