import { z } from 'zod';
import { NewsDisplayType, NewsPlacement, NewsTargetType } from '../constants';
import { afterFields, multiline, requiredText, rowId, rowIdText } from '../validation';
import { envelope, page } from './common';

/**
 * News (section 3 "Information"). CMS items carry sanitised HTML written by the
 * company administrator; SYSTEM items carry a message key (`title`, rendered from
 * notifications:news.system.<key>) and its parameters as JSON in `content`.
 */

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 50_000;
/** The message keys the API writes for system news. */
export const SYSTEM_NEWS_KEYS = ['join_request', 'join_approved', 'permission_granted', 'remote_canary_rolled_back'] as const;
export type SystemNewsKey = (typeof SYSTEM_NEWS_KEYS)[number];

const id = rowIdText();
const oneOf = <T extends Record<string, number>>(o: T) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(o).includes(v), 'validation.invalid');

export const newsItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  placement: z.number().int(),
  target_type: z.number().int(),
  target_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  display_type: z.number().int(),
  is_readed: z.boolean(),
  created_at: z.number().int(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsQuery = z
  .object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(10) })
  .strict();
export const newsListResponse = envelope(page(newsItem));
export const newsGroupParam = z.object({ id }).strict();
export const newsReadBody = z.object({ information_ids: z.array(rowId()).min(1, 'validation.required').max(200) }).strict();
export const newsReadResponse = envelope(z.object({ count: z.number().int() }));

/** A CMS item as the company administrator writes it. GROUP and BOTH placements may name a group. */
export const cmsNewsBody = z
  .object({
    title: requiredText(NEWS_TITLE_MAX),
    content: multiline(z.string().max(NEWS_CONTENT_MAX, 'validation.max_length')),
    placement: oneOf(NewsPlacement),
    group_id: rowId().nullable().default(null),
    target_type: oneOf(NewsTargetType).default(NewsTargetType.NO_LINK),
    display_type: oneOf(NewsDisplayType).default(NewsDisplayType.CONTINUES),
  })
  .strict()
  .refine((b) => b.placement !== NewsPlacement.GROUP || b.group_id !== null, {
    path: ['group_id'],
    message: 'validation.required',
    ...afterFields,
  })
  .refine((b) => b.target_type === NewsTargetType.NO_LINK || b.target_type === NewsTargetType.MY_CALENDAR || b.group_id !== null, {
    path: ['target_type'],
    message: 'validation.invalid',
    ...afterFields,
  });
export type CmsNewsBody = z.input<typeof cmsNewsBody>;

export const adminNewsItem = newsItem.extend({ withdrawn_at: z.number().int().nullable(), updated_at: z.number().int() });
export type AdminNewsItem = z.infer<typeof adminNewsItem>;
export const adminNewsListResponse = envelope(page(adminNewsItem));
export const adminNewsResponse = envelope(adminNewsItem);
export const newsIdParam = z.object({ id }).strict();
