import {
  customRangeIssue,
  groupSelectable,
  searchQuery,
  toPickerDate,
  toUrlDate,
  type SearchQueryInput,
  type SearchTargetValue,
} from '@portal/api-client/schemas/search';
import { SearchTimeRange } from '@portal/api-client/core';

/**
 * The search form's values and the /search-result URL that carries them (spec section 3's
 * search data): the URL holds the whole query, so a result page can be bookmarked and reloaded.
 * Dates are YYYY-MM-DD in the form (the date picker) and YYYY/MM/DD in the URL.
 */
export interface SearchFormValues {
  target: SearchTargetValue | null;
  data: number[];
  group: number | null;
  groupName: string;
  keyword: string;
  range: number;
  start: string;
  end: string;
}

export const EMPTY_FORM: SearchFormValues = {
  target: null,
  data: [],
  group: null,
  groupName: '',
  keyword: '',
  range: SearchTimeRange.WEEK,
  start: '',
  end: '',
};

export function toUrlParams(v: SearchFormValues, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  if (v.target !== null) p.set('target_search', String(v.target));
  if (v.data.length) p.set('target_data', [...v.data].sort().join(','));
  if (v.group !== null && v.target !== null && groupSelectable(v.target)) {
    p.set('target_group', String(v.group));
    if (v.groupName) p.set('target_group_name', v.groupName);
  }
  p.set('keyword_search', v.keyword.trim());
  p.set('time_range', String(v.range));
  if (v.range === SearchTimeRange.CUSTOM) {
    if (v.start) p.set('time_start', toUrlDate(v.start));
    if (v.end) p.set('time_end', toUrlDate(v.end));
  }
  if (page > 1) p.set('page', String(page));
  return p;
}

const int = (s: string | null) => (s !== null && /^\d+$/.test(s) ? Number(s) : null);

export function fromUrlParams(p: URLSearchParams): SearchFormValues {
  const target = int(p.get('target_search'));
  return {
    target: target !== null && target >= 1 && target <= 4 ? (target as SearchTargetValue) : null,
    data: (p.get('target_data') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n >= 1 && n <= 5),
    group: int(p.get('target_group')),
    groupName: p.get('target_group_name') ?? '',
    keyword: p.get('keyword_search') ?? '',
    range: int(p.get('time_range')) ?? SearchTimeRange.WEEK,
    start: toPickerDate(p.get('time_start') ?? ''),
    end: toPickerDate(p.get('time_end') ?? ''),
  };
}

/** The API's query for the URL: the same fields minus the display-only group name. */
export function apiQuery(p: URLSearchParams): SearchQueryInput {
  const q: Record<string, string> = {};
  for (const [k, v] of p) if (k !== 'target_group_name') q[k] = v;
  return q as unknown as SearchQueryInput;
}

export type FormErrors = Partial<
  Record<'target_search' | 'target_data' | 'target_group' | 'keyword_search' | 'time_start' | 'time_end', string>
>;

/** Section 5's rules before sending: the contract's own schema, then the clock-bound dates. */
export function validateForm(v: SearchFormValues, now: number): FormErrors {
  const errors: FormErrors = {};
  const parsed = searchQuery.safeParse(apiQuery(toUrlParams(v)));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof FormErrors;
      errors[field] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    }
  }
  if (v.target === null) errors.target_search = 'validation.search_target_required';
  if (v.range === SearchTimeRange.CUSTOM && !errors.time_start && !errors.time_end) {
    const issue = customRangeIssue(toUrlDate(v.start), toUrlDate(v.end), now);
    if (issue) errors[issue.field] = issue.key;
  }
  return errors;
}

/** The query as the API stores a saved search: no page, keys sorted (to spot one already saved). */
export function canonicalQuery(query: string): string {
  const kept = [...new URLSearchParams(query)].filter(([k]) => k !== 'page' && k !== 'limit');
  return new URLSearchParams(kept.sort(([a], [b]) => a.localeCompare(b))).toString();
}
