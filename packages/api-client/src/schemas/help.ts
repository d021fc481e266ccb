import { z } from 'zod';
import { multiline, requiredText, rowIdText } from '../validation';
import { envelope } from './common';

/**
 * Help center articles, terms and policy: one store per company, written by a company
 * administrator in both languages. Bodies are HTML, sanitised by the server on save.
 */
export const HELP_KINDS = ['help', 'terms', 'policy'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

const body = multiline(z.string().max(200_000, 'validation.max_length'));

export const helpArticleBody = z
  .object({
    kind: z.enum(HELP_KINDS),
    title_ja: requiredText(200),
    title_en: requiredText(200),
    body_ja: body,
    body_en: body,
    sort_order: z.number().int().min(0).max(100_000),
  })
  .strict();
export type HelpArticleBody = z.infer<typeof helpArticleBody>;

export const helpArticleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(HELP_KINDS),
  title_ja: z.string(),
  title_en: z.string(),
  body_ja: z.string(),
  body_en: z.string(),
  sort_order: z.number().int(),
  updated_at: z.number().int(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpArticleSummary = helpArticleSchema.omit({ body_ja: true, body_en: true });
export type HelpArticleSummary = z.infer<typeof helpArticleSummary>;

export const helpIdParam = z.object({ id: rowIdText() }).strict();
export const helpListQuery = z.object({ search: z.string().trim().max(255, 'validation.max_length').optional() }).strict();
export const helpAdminQuery = z.object({ kind: z.enum(HELP_KINDS).optional() }).strict();
export const helpListResponse = envelope(z.array(helpArticleSummary));
export const helpArticleResponse = envelope(helpArticleSchema);
