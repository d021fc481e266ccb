import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { ensureIndexed } from './reindex';
import { deleteSaved, listSaved, markSeen, savedCount, saveSearch } from './saved';
import { search } from './service';
import './saved-source';

const ok = { items: { ok: true as const } };

/** GET members/me/search (the header modal's query, page by page) and saved searches. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  if (await ensureIndexed(app.ctx)) app.log.info('search index built from existing rows');
  on(app, e.search, async ({ ctx, user, query }) => ({ items: await search(ctx, user, query) }));
  on(app, e.savedSearches, async ({ ctx, user }) => ({ items: await listSaved(ctx, user) }));
  on(app, e.savedSearchCount, async ({ ctx, user }) => ({ items: { count: await savedCount(ctx, user) } }));
  on(app, e.saveSearch, async ({ ctx, user, body }) => ({ items: await saveSearch(ctx, user, body.query) }));
  on(app, e.markSavedSearchSeen, async ({ ctx, user, params }) => {
    await markSeen(ctx, user, params.savedId);
    return ok;
  });
  on(app, e.deleteSavedSearch, async ({ ctx, user, params }) => {
    await deleteSaved(ctx, user, params.savedId);
    return ok;
  });
}
