import {
  customRangeIssue,
  effectiveDataKinds,
  SearchDataKind,
  timeWindow,
  type SearchHit,
  type SearchQuery,
  type SearchTargetValue,
} from '@portal/api-client';
import { sql, type Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { normalizeForSearch } from '../../text/search';
import {
  authorizeGroup,
  type DocKind,
  ftsQuery,
  keywordWords,
  type NameMatches,
  type Readable,
  type SearchFilter,
  type SearchSource,
  sourcesFor,
  tsQuery,
} from '../../kernel';
import { getSettings } from '../members';
import './content-sources';

const TEXT_KINDS: number[] = [SearchDataKind.TITLE, SearchDataKind.CONTENT, SearchDataKind.COMMENT];

/**
 * Ref ids of one kind whose fields hold every word: the bigram phrase, answered by the FTS5
 * index (SQLite) or the GIN index (PostgreSQL).
 */
function matching(ctx: AppContext, kind: DocKind, fields: number[], words: string[]) {
  const db = ctx.db as Kysely<any>;
  if (ctx.dialect === 'postgres') {
    // "+ 0" keeps kind and field off the (kind, ref_id, …) btree: without fresh statistics the
    // planner would walk every row of the kind there and test each tsvector, instead of the GIN.
    return db
      .selectFrom('search_docs as d')
      .select('d.ref_id as id')
      .distinct()
      .where(sql<number>`d.kind + 0`, '=', kind)
      .where(sql<number>`d.field + 0`, 'in', fields)
      .where(sql<boolean>`d.tsv @@ ${tsQuery(words)}::tsquery`);
  }
  return db
    .selectFrom('search_fts as sf')
    .innerJoin('search_docs as d', (j) => j.on(sql<boolean>`d.id = sf.rowid`))
    .select('d.ref_id as id')
    .distinct()
    .where(sql<boolean>`search_fts match ${ftsQuery(words)}`)
    .where('d.kind', '=', kind)
    .where('d.field', 'in', fields);
}

/**
 * The readable rows among the matches, with the matches driving so the cost follows the number
 * of matches, not the size of the company's tables. SQLite: a CROSS JOIN fixes them as the
 * outer loop (each readable row is then found by its key). PostgreSQL: the matches are
 * evaluated once (array) and each is looked up through a LATERAL subquery that OFFSET 0 keeps
 * from being flattened; a plain join or `= any(…)` let the planner walk a group's topics
 * instead when the tables had no statistics yet (0.6–6 s at 100 000 posts).
 */
function matchedReadable(ctx: AppContext, s: SearchSource, f: SearchFilter, fields: number[], words: string[]): Readable {
  const matches = matching(ctx, s.kind, fields, words);
  const db = ctx.db as Kysely<any>;
  if (ctx.dialect === 'postgres') {
    return db
      .selectFrom(sql`unnest(array(${matches}))`.as('m'))
      .innerJoinLateral(s.readable(ctx.db, f).where(sql.ref(s.idColumn), '=', sql.ref('m.m')).offset(0).as('r'), (j) => j.onTrue())
      .select(['r.id as id', 'r.at as at']) as unknown as Readable;
  }
  return db
    .selectFrom(matches.as('m'))
    .crossJoin(s.readable(ctx.db, f).as('r'))
    .whereRef('r.id', '=', 'm.id')
    .select(['r.id as id', 'r.at as at']) as unknown as Readable;
}

/**
 * People and groups of the caller's company whose names hold every word: the uploader and
 * sent-to kinds match these, not the index. Names are few (one company), so they are
 * normalised here rather than stored twice.
 */
async function nameMatches(ctx: AppContext, user: AuthUser, words: string[]): Promise<NameMatches> {
  const holds = (s: string) => {
    const n = normalizeForSearch(s);
    return words.every((w) => n.includes(w));
  };
  const [users, groups] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select(['id', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana'])
      .where('company_id', '=', user.companyId)
      .execute(),
    ctx.db.selectFrom('groups').select(['id', 'name']).where('company_id', '=', user.companyId).execute(),
  ]);
  return {
    userIds: users
      .filter((u) => holds(`${u.last_name}${u.first_name} ${u.last_name} ${u.first_name} ${u.last_name_kana}${u.first_name_kana}`))
      .map((u) => u.id),
    groupIds: groups.filter((g) => holds(g.name)).map((g) => g.id),
  };
}

const badRequest = (field: string, key: string) => new HttpError(400, 'VALIDATION_ERROR', undefined, { [field]: [key] });

export interface SearchOptions {
  /** Only hits newer than this (epoch ms): a saved search's new hits. */
  after?: number;
  /** Count only; no page is read or presented. */
  countOnly?: boolean;
}

export async function search(ctx: AppContext, user: AuthUser, q: SearchQuery, opts: SearchOptions = {}) {
  const now = ctx.now();
  if (q.time_range === 5) {
    const issue = customRangeIssue(q.time_start, q.time_end, now);
    if (issue) throw badRequest(issue.field, issue.key);
  }
  // A group id vouches for nothing: the caller must be a member of it (404 otherwise).
  if (q.target_group !== undefined) await authorizeGroup(ctx, user, q.target_group, 'member');
  const target = q.target_search as SearchTargetValue;
  const kinds = effectiveDataKinds(target, q.target_data);
  const words = keywordWords(q.keyword_search);
  // Defensive: the schema trims, so no keyword should normalise to no word at all.
  if (words.length === 0) return { data: [] as SearchHit[], current_page: q.page, last_page: 1, total: 0 };
  const [from, to] = timeWindow(q.time_range, q.time_start, q.time_end, now);
  const f: SearchFilter = {
    userId: user.id,
    companyId: user.companyId,
    now,
    groupId: q.target_group ?? null,
    from: Math.max(from, (opts.after ?? -1) + 1),
    to,
  };
  const limit = q.limit ?? (await getSettings(ctx, user.id)).setting_display.number_item_lists;

  const needNames = kinds.includes(SearchDataKind.UPLOADER) || kinds.includes(SearchDataKind.SENT_TO);
  const names = needNames ? await nameMatches(ctx, user, words) : { userIds: [], groupIds: [] };
  const sources = sourcesFor(target);
  const parts: Readable[] = [];
  const add = (s: SearchSource, r: Readable) => parts.push(r.select(sql.lit(s.kind).as('kind')) as unknown as Readable);
  for (const s of sources) {
    const fields = s.fields.filter((k) => kinds.includes(k as never) && TEXT_KINDS.includes(k));
    if (fields.length) add(s, matchedReadable(ctx, s, f, fields, words));
    if (kinds.includes(SearchDataKind.UPLOADER) && s.byUploader && names.userIds.length)
      add(s, s.byUploader(s.readable(ctx.db, f), names.userIds));
    if (kinds.includes(SearchDataKind.SENT_TO) && s.bySentTo && (names.userIds.length || names.groupIds.length))
      add(s, s.bySentTo(s.readable(ctx.db, f), names));
  }
  if (parts.length === 0) return { data: [] as SearchHit[], current_page: q.page, last_page: 1, total: 0 };

  // UNION, not UNION ALL: a topic found by its title and by its author is one result.
  const union = parts.reduce((a, b) => a.union(b));
  const all = (ctx.db as Kysely<any>).selectFrom(union.as('u'));
  if (opts.countOnly) {
    const n = await all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { data: [] as SearchHit[], current_page: 1, last_page: 1, total: Number(n.n) };
  }
  const [countRow, rows] = await Promise.all([
    all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    all
      .select(['u.kind', 'u.id', 'u.at'])
      .orderBy('u.at', 'desc')
      .orderBy('u.kind', 'desc')
      .orderBy('u.id', 'desc')
      .limit(limit)
      .offset((q.page - 1) * limit)
      .execute() as Promise<{ kind: number; id: number; at: number }[]>,
  ]);
  const total = Number(countRow.n);
  const hits = new Map<number, Map<number, SearchHit>>();
  for (const s of sources) {
    const ids = rows.filter((r) => Number(r.kind) === s.kind).map((r) => Number(r.id));
    if (ids.length) hits.set(s.kind, await s.present(ctx, user, ids, words));
  }
  return {
    data: rows.map((r) => hits.get(Number(r.kind))?.get(Number(r.id))).filter((h): h is SearchHit => h !== undefined),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    total,
  };
}
