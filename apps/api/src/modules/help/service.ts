import type { HelpArticle, HelpArticleBody, HelpKind, LanguageCode } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { containsPattern, normalizeForSearch } from '../../text/search';
import { sanitizeHtml } from '../../text/sanitize';

const COLUMNS = ['id', 'kind', 'title_ja', 'title_en', 'body_ja', 'body_en', 'sort_order', 'updated_at'] as const;
const SUMMARY = ['id', 'kind', 'title_ja', 'title_en', 'sort_order', 'updated_at'] as const;

const notFound = () => new HttpError(404, 'NOT_FOUND', 'The article does not exist.');

export async function listHelp(ctx: AppContext, companyId: number, search?: string) {
  let q = ctx.db.selectFrom('help_articles').select(SUMMARY).where('company_id', '=', companyId).where('kind', '=', 'help');
  const term = search ? normalizeForSearch(search) : '';
  if (term) q = q.where(sql<boolean>`${sql.ref('title_search')} like ${containsPattern(term)} escape '\\'`);
  return q.orderBy('sort_order').orderBy('id').execute();
}

export async function listArticles(ctx: AppContext, companyId: number, kind?: HelpKind) {
  let q = ctx.db.selectFrom('help_articles').select(SUMMARY).where('company_id', '=', companyId);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('kind').orderBy('sort_order').orderBy('id').execute();
}

/** An article of the caller's company; another company's id reads as not found. */
export async function getArticle(ctx: AppContext, companyId: number, id: number, kind?: HelpKind): Promise<HelpArticle> {
  let q = ctx.db.selectFrom('help_articles').select(COLUMNS).where('id', '=', id).where('company_id', '=', companyId);
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function values(body: HelpArticleBody) {
  return {
    ...body,
    // Links and formatting survive; scripts, handlers and foreign images do not.
    body_ja: sanitizeHtml(body.body_ja, { images: false }).html,
    body_en: sanitizeHtml(body.body_en, { images: false }).html,
    title_search: `${normalizeForSearch(body.title_ja)}\n${normalizeForSearch(body.title_en)}`,
  };
}

export async function createArticle(ctx: AppContext, user: AuthUser, body: HelpArticleBody): Promise<HelpArticle> {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('help_articles')
    .values({ company_id: user.companyId, ...values(body), updated_by: user.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getArticle(ctx, user.companyId, row.id);
}

export async function updateArticle(ctx: AppContext, user: AuthUser, id: number, body: HelpArticleBody): Promise<HelpArticle> {
  const res = await ctx.db
    .updateTable('help_articles')
    .set({ ...values(body), updated_by: user.id, updated_at: ctx.now() })
    .where('id', '=', id)
    .where('company_id', '=', user.companyId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound();
  return getArticle(ctx, user.companyId, id);
}

export async function deleteArticle(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  const res = await ctx.db.deleteFrom('help_articles').where('id', '=', id).where('company_id', '=', user.companyId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound();
}

/**
 * Terms or policy from the store for the public pages: the first of that kind of the oldest
 * company (the portal serves one company; the pages are read before anyone logs in). Null when
 * none was written, and the built-in text is served instead.
 */
export async function storedLegalText(ctx: AppContext, kind: 'terms' | 'policy', lang: LanguageCode) {
  const row = await ctx.db
    .selectFrom('help_articles as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['a.title_ja', 'a.title_en', 'a.body_ja', 'a.body_en', 'a.updated_at'])
    .where('a.kind', '=', kind)
    .orderBy('c.id')
    .orderBy('a.sort_order')
    .orderBy('a.id')
    .executeTakeFirst();
  if (!row) return null;
  // The public pages show plain text (as the built-in texts are).
  const html = lang === 'en' ? row.body_en : row.body_ja;
  return {
    title: lang === 'en' ? row.title_en : row.title_ja,
    content: sanitizeHtml(html, { images: false }).text,
    updated_at: row.updated_at,
  };
}
