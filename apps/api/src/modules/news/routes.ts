import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { cached, registerEndpoint as on } from '../../http/route';
import { authorizeGroup, requireCompanyAdmin } from '../../kernel';
import { createCms, listCms, updateCms, withdrawCms } from './cms';
import { markNewsRead, newsPage, readableNewsIds } from './queries';

const viewer = (u: AuthUser) => ({ id: u.id, companyId: u.companyId });

/** News: the home and group lists, read marks, and the company administrator's CMS items. */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.homeNews, async ({ ctx, user, query }) => ({ items: await newsPage(ctx, viewer(user), { kind: 'home' }, query) }), cached);
  on(app, e.groupNews, async ({ ctx, user, params, query }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: await newsPage(ctx, viewer(user), { kind: 'group', groupId: params.id }, query) };
  });
  on(app, e.readNews, async ({ ctx, user, body }) => {
    const ids = [...new Set(body.information_ids)];
    const found = await readableNewsIds(ctx, viewer(user), ids);
    if (found.length !== ids.length) throw new HttpError(404, 'NOT_FOUND', 'The news item does not exist.');
    await markNewsRead(ctx, user.id, ids);
    return { items: { count: ids.length } };
  });

  on(app, e.adminNewsList, async ({ ctx, user, query }) => {
    requireCompanyAdmin(user);
    return { items: await listCms(ctx, user, query) };
  });
  on(app, e.createNews, async ({ ctx, user, body }) => {
    requireCompanyAdmin(user);
    return { items: await createCms(ctx, user, body) };
  });
  on(app, e.updateNews, async ({ ctx, user, params, body }) => {
    requireCompanyAdmin(user);
    return { items: await updateCms(ctx, user, params.id, body) };
  });
  on(app, e.withdrawNews, async ({ ctx, user, params }) => {
    requireCompanyAdmin(user);
    await withdrawCms(ctx, user, params.id);
    return { items: { ok: true as const } };
  });
}
