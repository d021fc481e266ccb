import { SAVED_SEARCH_MAX, searchQuery, type SavedSearch } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../context';
import { HttpError, validationError } from '../../http/errors';
import { search } from './service';

/**
 * Saved searches: a /search-result query kept per user. Its new hits are those newer than the
 * last time the user opened it, counted with the same search (so with today's read rights).
 */
const notFound = () => new HttpError(404, 'NOT_FOUND', 'The saved search does not exist.');

/** The query string without its page and display-only fields, in a stable order. */
function canonical(query: string) {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const api: Record<string, string> = {};
  const kept = new URLSearchParams();
  for (const [k, v] of [...params].sort(([a], [b]) => a.localeCompare(b))) {
    if (k === 'page' || k === 'limit') continue;
    kept.append(k, v);
    if (k !== 'target_group_name') api[k] = v;
  }
  return { api, text: kept.toString() };
}

function parse(query: string) {
  const { api, text } = canonical(query);
  const parsed = searchQuery.safeParse(api);
  if (!parsed.success) throw validationError(parsed.error, ['query']);
  return { q: parsed.data, text };
}

async function newCount(ctx: AppContext, user: AuthUser, row: { query: string; last_seen_at: number }): Promise<number> {
  try {
    return (await search(ctx, user, parse(row.query).q, { after: row.last_seen_at, countOnly: true })).total;
  } catch (err) {
    // A saved query that no longer holds (a group left since, a custom range now invalid) has no new hits.
    if (err instanceof HttpError) return 0;
    throw err;
  }
}

export async function listSaved(ctx: AppContext, user: AuthUser): Promise<SavedSearch[]> {
  const rows = await ctx.db.selectFrom('saved_searches').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').execute();
  return Promise.all(
    rows.map(async (r) => ({ id: r.id, name: r.name, query: r.query, new_count: await newCount(ctx, user, r), last_seen_at: r.last_seen_at, created_at: r.created_at })),
  );
}

export async function savedCount(ctx: AppContext, user: AuthUser): Promise<number> {
  return (await listSaved(ctx, user)).reduce((n, s) => n + s.new_count, 0);
}

export async function saveSearch(ctx: AppContext, user: AuthUser, query: string): Promise<SavedSearch> {
  const { q, text } = parse(query);
  // Run once: the same 400/404 as the search itself (a group the caller is not in, a bad range).
  await search(ctx, user, q, { countOnly: true });
  const existing = await ctx.db.selectFrom('saved_searches').selectAll().where('user_id', '=', user.id).where('query', '=', text).executeTakeFirst();
  const now = ctx.now();
  const row =
    existing ??
    (await ctx.db.transaction().execute(async (trx) => {
      const n = await trx.selectFrom('saved_searches').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      if (Number(n.n) >= SAVED_SEARCH_MAX) throw new HttpError(400, 'VALIDATION_ERROR', undefined, { query: ['validation.saved_search_max'] });
      return trx
        .insertInto('saved_searches')
        .values({ user_id: user.id, name: q.keyword_search, query: text, last_seen_at: now, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    }));
  return { id: row.id, name: row.name, query: row.query, new_count: await newCount(ctx, user, row), last_seen_at: row.last_seen_at, created_at: row.created_at };
}

export async function markSeen(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const r = await ctx.db.updateTable('saved_searches').set({ last_seen_at: ctx.now() }).where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound();
}

export async function deleteSaved(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const r = await ctx.db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound();
}
