import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { requireCompanyAdmin } from '../../kernel';
import * as help from './service';

/** Help center (every employee of the company) and its store (company administrators only). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.helpCenter, async ({ ctx, user, query }) => ({ items: await help.listHelp(ctx, user.companyId, query.search) }));
  on(app, e.helpCenterDetail, async ({ ctx, user, params }) => ({ items: await help.getArticle(ctx, user.companyId, params.id, 'help') }));

  on(app, e.helpArticles, async ({ ctx, user, query }) => {
    requireCompanyAdmin(user);
    return { items: await help.listArticles(ctx, user.companyId, query.kind) };
  });
  on(app, e.helpArticle, async ({ ctx, user, params }) => {
    requireCompanyAdmin(user);
    return { items: await help.getArticle(ctx, user.companyId, params.id) };
  });
  on(app, e.createHelpArticle, async ({ ctx, user, body }) => {
    requireCompanyAdmin(user);
    return { items: await help.createArticle(ctx, user, body) };
  });
  on(app, e.updateHelpArticle, async ({ ctx, user, params, body }) => {
    requireCompanyAdmin(user);
    return { items: await help.updateArticle(ctx, user, params.id, body) };
  });
  on(app, e.deleteHelpArticle, async ({ ctx, user, params }) => {
    requireCompanyAdmin(user);
    await help.deleteArticle(ctx, user, params.id);
    return { items: { ok: true as const } };
  });
}
