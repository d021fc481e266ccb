import { z } from 'zod';
import { LIMITS, SearchDataKind, SearchTarget, SearchTimeRange } from '../constants';
import { afterFields, charLength, rowIdText } from '../validation';
import { envelope, page } from './common';

/**
 * Search (spec sections 3, 5 and 9). The query is the same set of fields the
 * /search-result URL carries, so a result page is bookmarkable: target_search, target_data
 * (comma-separated data kinds), target_group, keyword_search, time_range, time_start and
 * time_end (custom range, YYYY/MM/DD). Dates are calendar days in Japan time.
 */

export type SearchTargetValue = (typeof SearchTarget)[keyof typeof SearchTarget];
export type SearchDataKindValue = (typeof SearchDataKind)[keyof typeof SearchDataKind];

const ALL_KINDS: SearchDataKindValue[] = [1, 2, 3, 4, 5];

/**
 * Section 5: chat disables title; anything but topic or shared folder disables comment; shared
 * folder disables content.
 */
export function enabledDataKinds(target: SearchTargetValue): SearchDataKindValue[] {
  return ALL_KINDS.filter((k) => {
    if (k === SearchDataKind.TITLE) return target !== SearchTarget.CHAT;
    if (k === SearchDataKind.COMMENT) return target === SearchTarget.TOPIC || target === SearchTarget.SHARED_FOLDER;
    if (k === SearchDataKind.CONTENT) return target !== SearchTarget.SHARED_FOLDER;
    return true;
  });
}

/** The kinds a search uses: the chosen ones, or every enabled kind when none is chosen. */
export function effectiveDataKinds(target: SearchTargetValue, chosen: readonly number[]): SearchDataKindValue[] {
  const enabled = enabledDataKinds(target);
  return chosen.length ? enabled.filter((k) => chosen.includes(k)) : enabled;
}

/** Chat and calendar searches have no group selector. */
export const groupSelectable = (target: SearchTargetValue) => target === SearchTarget.TOPIC || target === SearchTarget.SHARED_FOLDER;

const JST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const SLASH_DATE = /^(\d{4})\/(\d{2})\/(\d{2})$/;

/** Epoch ms of 00:00 Japan time of a YYYY/MM/DD (or YYYY-MM-DD) day; null if not a real date. */
export function dayStart(date: string): number | null {
  const m = SLASH_DATE.exec(date.replace(/-/g, '/'));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return utc - JST_MS;
}

/** Today in Japan time as YYYY/MM/DD. */
export function todaySlash(now: number): string {
  return new Date(now + JST_MS).toISOString().slice(0, 10).replace(/-/g, '/');
}

export const toPickerDate = (slash: string) => slash.replace(/\//g, '-');
export const toUrlDate = (picker: string) => picker.replace(/-/g, '/');

/** [from, to) in epoch ms for a time range; presets count back from now (to is open). */
export function timeWindow(range: number, start: string | undefined, end: string | undefined, now: number): [number, number | null] {
  if (range === SearchTimeRange.CUSTOM) return [dayStart(start!)!, dayStart(end!)! + DAY_MS];
  if (range === SearchTimeRange.WEEK) return [now - 7 * DAY_MS, null];
  const months = ({ 1: 1, 2: 3, 3: 6, 4: 12 } as Record<number, number>)[range] ?? 1;
  const d = new Date(now + JST_MS);
  d.setUTCMonth(d.getUTCMonth() - months);
  return [d.getTime() - JST_MS, null];
}

/**
 * The custom range's dates (spec section 5): both required, real dates, the end not after today
 * and the start not after the end. Returns the first problem as { field, key }, or null.
 */
export function customRangeIssue(
  start: string | undefined,
  end: string | undefined,
  now: number,
): { field: 'time_start' | 'time_end'; key: string } | null {
  if (!start) return { field: 'time_start', key: 'validation.required' };
  if (!end) return { field: 'time_end', key: 'validation.required' };
  const s = dayStart(start);
  const e = dayStart(end);
  if (s === null) return { field: 'time_start', key: 'validation.format' };
  if (e === null) return { field: 'time_end', key: 'validation.format' };
  const today = dayStart(todaySlash(now))!;
  if (s > today) return { field: 'time_start', key: 'validation.max_date' };
  if (e > today) return { field: 'time_end', key: 'validation.max_date' };
  if (s > e) return { field: 'time_start', key: 'validation.period_invalid' };
  return null;
}

const targetSchema = z.coerce
  .number({ error: 'validation.search_target_required' })
  .refine((n) => Object.values(SearchTarget).includes(n as SearchTargetValue), 'validation.search_target_required');

const dataKinds = z
  .string()
  .regex(/^(\d(,\d)*)?$/, 'validation.invalid_value')
  .transform((s) => (s ? [...new Set(s.split(',').map(Number))] : []))
  .refine((a) => a.every((k) => ALL_KINDS.includes(k as SearchDataKindValue)), 'validation.invalid_value');

const keyword = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine((s) => charLength(s) <= LIMITS.searchKeywordMax, 'validation.max_length');

const slashDate = z.string().regex(SLASH_DATE, 'validation.format').optional();

/**
 * Rules that need no clock. The end-not-after-today rule needs the server's (or browser's)
 * "now", so the API and the modal run customRangeIssue after this.
 */
export const searchQuery = z
  .object({
    target_search: targetSchema,
    target_data: dataKinds.default([]),
    target_group: rowIdText().optional(),
    keyword_search: keyword,
    time_range: z.coerce.number().int().min(0).max(5).default(SearchTimeRange.WEEK),
    time_start: slashDate,
    time_end: slashDate,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const target = q.target_search as SearchTargetValue;
    // Each field's own error stands alone: no second complaint about an invalid target or kind.
    if (!Object.values(SearchTarget).includes(target)) return;
    const enabled = enabledDataKinds(target);
    if (q.target_data.some((k) => ALL_KINDS.includes(k as SearchDataKindValue) && !enabled.includes(k as SearchDataKindValue))) {
      ctx.addIssue({ code: 'custom', path: ['target_data'], message: 'validation.search_data_disabled' });
    }
    if (q.target_group !== undefined && !groupSelectable(target)) {
      ctx.addIssue({ code: 'custom', path: ['target_group'], message: 'validation.search_group_disabled' });
    }
    if (q.time_range === SearchTimeRange.CUSTOM) {
      if (!q.time_start) ctx.addIssue({ code: 'custom', path: ['time_start'], message: 'validation.required' });
      if (!q.time_end) ctx.addIssue({ code: 'custom', path: ['time_end'], message: 'validation.required' });
    }
  }, afterFields);
export type SearchQuery = z.output<typeof searchQuery>;
export type SearchQueryInput = z.input<typeof searchQuery>;

export const SEARCH_HIT_KINDS = ['topic', 'comment', 'file', 'chat', 'calendar'] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

const range = z.tuple([z.number().int(), z.number().int()]);

export const searchHit = z.object({
  kind: z.enum(SEARCH_HIT_KINDS),
  id: z.number().int(),
  /** The item's heading: topic title (also for a comment), file title, chat name, event title. */
  title: z.string(),
  title_highlights: z.array(range),
  /** Plain text around the first match (or the start of the text), with the matched words. */
  snippet: z.string(),
  highlights: z.array(range),
  at: z.number(),
  author_name: z.string().nullable(),
  /** Where the hit lives: a group (and folder), the common area, a chat or the calendar. */
  location: z.object({
    type: z.enum(['group', 'common', 'chat', 'calendar']),
    name: z.string().nullable(),
    folder_name: z.string().nullable(),
  }),
  /** The portal path that opens the item (a comment opens its topic at that comment). */
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResponse = envelope(page(searchHit));
export type SearchResponse = z.infer<typeof searchResponse>['items'];

/** Saved searches (beyond the anchors): at most this many per user. */
export const SAVED_SEARCH_MAX = 20;
/** The /search-result query string of a saved search, without a leading '?'. */
export const SAVED_SEARCH_QUERY_MAX = 2000;

export const savedSearch = z.object({
  id: z.number().int(),
  /** The keyword, shown in the list. */
  name: z.string(),
  /** The /search-result query string (page excluded). */
  query: z.string(),
  /** Hits newer than the last time the user opened it, within the query's own period. */
  new_count: z.number().int(),
  last_seen_at: z.number(),
  created_at: z.number(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchesResponse = envelope(z.array(savedSearch));
export const saveSearchBody = z
  .object({ query: z.string().min(1, 'validation.required').max(SAVED_SEARCH_QUERY_MAX, 'validation.max_length') })
  .strict();
export const savedSearchParam = z.object({ savedId: rowIdText() }).strict();
export const savedSearchResponse = envelope(savedSearch);
export const savedSearchCountResponse = envelope(z.object({ count: z.number().int() }));
