import { SAVED_SEARCH_MAX, searchQuery, type SavedSearch } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
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
  if (!parsed.success) throw validationError(parsed.error, ['query'], { value: api });
  return { q: parsed.data, text };
}

async function newCount(
  ctx: AppContext,
  user: Pick<AuthUser, 'id' | 'companyId'>,
  row: { query: string; last_seen_at: number },
): Promise<number> {
  try {
    const asUser: AuthUser = { id: user.id, companyId: user.companyId, isCompanyAdmin: false, sessionId: '' };
    return (await search(ctx, asUser, parse(row.query).q, { after: row.last_seen_at, countOnly: true })).total;
  } catch (err) {
    // A saved query that no longer holds (a group left since, a custom range now invalid) has no new hits.
    if (err instanceof HttpError) return 0;
    throw err;
  }
}

/**
 * How long a worked-out count stands before the unread engine runs the search again. Counts
 * are stored so unread lists and counts can select them in SQL with the other kinds (one
 * definition, counts equal lists); the saved-search page itself always recounts (maxAge 0).
 */
export const SAVED_HITS_MAX_AGE_MS = 15_000;

/** Re-runs the user's saved searches whose count is older than `maxAgeMs` and stores the counts. */
export async function refreshSavedHits(
  ctx: AppContext,
  user: Pick<AuthUser, 'id' | 'companyId'>,
  maxAgeMs = SAVED_HITS_MAX_AGE_MS,
): Promise<void> {
  const now = ctx.now();
  const stale = await ctx.db
    .selectFrom('saved_searches')
    .select(['id', 'query', 'last_seen_at', 'new_count', 'hits_at'])
    .where('user_id', '=', user.id)
    .where('checked_at', '<=', now - maxAgeMs)
    .execute();
  for (const r of stale) {
    const n = await newCount(ctx, user, r);
    const hitsAt = n === 0 ? null : (r.hits_at ?? now);
    // Guarded by last_seen_at: a "seen" that landed meanwhile wins over this older count.
    await ctx.db
      .updateTable('saved_searches')
      .set({ new_count: n, hits_at: hitsAt, checked_at: now })
      .where('id', '=', r.id)
      .where('last_seen_at', '=', r.last_seen_at)
      .execute();
  }
}

export async function listSaved(ctx: AppContext, user: AuthUser): Promise<SavedSearch[]> {
  await refreshSavedHits(ctx, user, 0);
  const rows = await ctx.db.selectFrom('saved_searches').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    new_count: Number(r.new_count),
    last_seen_at: r.last_seen_at,
    created_at: r.created_at,
  }));
}

export async function savedCount(ctx: AppContext, user: AuthUser): Promise<number> {
  return (await listSaved(ctx, user)).reduce((n, s) => n + s.new_count, 0);
}

export async function saveSearch(ctx: AppContext, user: AuthUser, query: string): Promise<SavedSearch> {
  const { q, text } = parse(query);
  // Run once: the same 400/404 as the search itself (a group the caller is not in, a bad range).
  await search(ctx, user, q, { countOnly: true });
  const existing = await ctx.db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('query', '=', text)
    .executeTakeFirst();
  const now = ctx.now();
  const row =
    existing ??
    (await ctx.db.transaction().execute(async (trx) => {
      const n = await trx
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= SAVED_SEARCH_MAX)
        throw new HttpError(400, 'VALIDATION_ERROR', undefined, { query: ['validation.saved_search_max'] });
      return trx
        .insertInto('saved_searches')
        .values({ user_id: user.id, name: q.keyword_search, query: text, last_seen_at: now, created_at: now, checked_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    }));
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    new_count: await newCount(ctx, user, row),
    last_seen_at: row.last_seen_at,
    created_at: row.created_at,
  };
}

export async function markSeen(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const now = ctx.now();
  const r = await ctx.db
    .updateTable('saved_searches')
    .set({ last_seen_at: now, new_count: 0, hits_at: null, checked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound();
}

export async function deleteSaved(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const r = await ctx.db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound();
}
