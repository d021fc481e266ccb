import { normalizeForSearch } from '../../text/search';

/** True when every space-separated term of the keyword occurs in one of the texts. */
export function matchesKeyword(keyword: string | undefined, ...texts: string[]): boolean {
  const terms = normalizeForSearch(keyword ?? '')
    .split(' ')
    .filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = texts.map(normalizeForSearch).join('\n');
  return terms.every((t) => haystack.includes(t));
}

/** One page of an in-memory list, in the `page()` envelope shape. */
export function paginate<T>(rows: T[], page: number, limit: number) {
  return {
    data: rows.slice((page - 1) * limit, page * limit),
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / limit)),
    total: rows.length,
  };
}
