import { endpoints } from '@portal/api-client';
import { noGroupError } from '../no-group';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../../../http/errors';
import { registerEndpoint as on } from '../../../http/route';
import { canAuthenticate, isLocked } from '../policy';
import * as q from '../queries';
import { issueSession, type IssuedSession } from '../tokens';
import { beginLine, finishLine, lineFailed } from './oidc';

/** Ties a LINE request to the browser that began it; sent back only to the finishing calls. */
export const LINE_BINDING_COOKIE = 'portal_line_binding';
const COOKIE_PATH = '/service/api/v1';

const notLinked = () => new HttpError(403, 'LINE_NOT_LINKED', 'This LINE account is not linked to an employee.');
const alreadyLinked = () => new HttpError(409, 'LINE_ALREADY_LINKED', 'The LINE account or the employee is already linked.');

/**
 * LINE routes. A login needs the LINE account to have been linked to an active employee after a
 * normal login (never matched by e-mail: LINE's address proves nothing about the company's).
 * An unlinked account without an e-mail gets the spec's LINE_NO_EMAIL message instead.
 */
export async function lineRoutes(
  app: FastifyInstance,
  session: {
    setRefreshCookie: (reply: FastifyReply, s: IssuedSession) => void;
    tokenItems: (s: IssuedSession) => { items: { access_token: string; token_type: 'Bearer'; expires_in: number } };
  },
  strict: { rateLimitPerMinute: number },
): Promise<void> {
  const secure = app.ctx.config.publicUrl.startsWith('https://');
  // Lax: the finishing call is the portal's own fetch, made after LINE's top-level redirect.
  const bind = (reply: FastifyReply, value: string) =>
    reply.setCookie(LINE_BINDING_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH, maxAge: 600 });
  const unbind = (reply: FastifyReply) => reply.clearCookie(LINE_BINDING_COOKIE, { path: COOKIE_PATH });

  on(app, endpoints.lineLoginConfig, async ({ ctx }) => ({ items: { enabled: ctx.config.line !== undefined } }));

  on(
    app,
    endpoints.lineLoginStart,
    async ({ ctx, reply }) => {
      const { url, binding } = await beginLine(ctx, 'login', null);
      bind(reply, binding);
      return { items: { authorize_url: url } };
    },
    strict,
  );

  on(
    app,
    endpoints.lineLogin,
    async ({ ctx, body, request, reply }) => {
      unbind(reply);
      const who = await finishLine(ctx, 'login', body, request.cookies[LINE_BINDING_COOKIE], null);
      const link = await ctx.db.selectFrom('line_accounts').select('user_id').where('line_sub', '=', who.sub).executeTakeFirst();
      if (!link) throw who.email ? notLinked() : new HttpError(400, 'LINE_NO_EMAIL', 'This LINE account has no e-mail address.');
      const user = await q.findUserById(ctx, link.user_id);
      if (!user || !canAuthenticate(user) || isLocked(user)) throw lineFailed();
      // Spec section 6, as for the password login: no group, no session.
      if (await q.isWithoutGroup(ctx, user)) throw noGroupError();
      await q.recordLoginSuccess(ctx, user.id);
      const s = await issueSession(ctx, user.id);
      session.setRefreshCookie(reply, s);
      return session.tokenItems(s);
    },
    strict,
  );

  const status = async (ctx: typeof app.ctx, userId: number) => {
    const row = await ctx.db.selectFrom('line_accounts').select('linked_at').where('user_id', '=', userId).executeTakeFirst();
    return { items: { enabled: ctx.config.line !== undefined, linked: row !== undefined, linked_at: row ? Number(row.linked_at) : null } };
  };
  on(app, endpoints.lineLinkStatus, ({ ctx, user }) => status(ctx, user.id));

  on(app, endpoints.lineLinkStart, async ({ ctx, user, reply }) => {
    if (await ctx.db.selectFrom('line_accounts').select('user_id').where('user_id', '=', user.id).executeTakeFirst()) throw alreadyLinked();
    const { url, binding } = await beginLine(ctx, 'link', user.id);
    bind(reply, binding);
    return { items: { authorize_url: url } };
  });

  on(app, endpoints.lineLink, async ({ ctx, user, body, request, reply }) => {
    unbind(reply);
    const who = await finishLine(ctx, 'link', body, request.cookies[LINE_BINDING_COOKIE], user.id);
    const taken = await ctx.db
      .selectFrom('line_accounts')
      .select('user_id')
      .where((eb) => eb.or([eb('line_sub', '=', who.sub), eb('user_id', '=', user.id)]))
      .executeTakeFirst();
    if (taken) throw alreadyLinked();
    try {
      await ctx.db.insertInto('line_accounts').values({ user_id: user.id, line_sub: who.sub, linked_at: ctx.now() }).execute();
    } catch {
      // A concurrent link of the same LINE account or employee won the unique key.
      throw alreadyLinked();
    }
    return status(ctx, user.id);
  });

  on(app, endpoints.lineUnlink, async ({ ctx, user }) => {
    await ctx.db.deleteFrom('line_accounts').where('user_id', '=', user.id).execute();
    return { items: { ok: true as const } };
  });
}
