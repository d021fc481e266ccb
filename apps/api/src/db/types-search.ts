import type { Generated } from 'kysely';

/** One indexed field (or chunk of a long field) of one searchable row; see 0012_search. */
export interface SearchDocsTable {
  id: Generated<number>;
  /** DocKind: which table ref_id points into. */
  kind: number;
  ref_id: number;
  /** SearchDataKind of the text: title 1, content 2, comment 3. */
  field: number;
  chunk: Generated<number>;
  company_id: number;
}

/** A user's saved search: the /search-result query string and when its hits were last seen. */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  query: string;
  last_seen_at: number;
  created_at: number;
  /** New hits as last worked out (0019): what the unread engine counts. */
  new_count: Generated<number>;
  /** When the current new hits were first seen; null while there are none. */
  hits_at: number | null;
  checked_at: Generated<number>;
}

export interface SearchTables {
  search_docs: SearchDocsTable;
  saved_searches: SavedSearchesTable;
}
