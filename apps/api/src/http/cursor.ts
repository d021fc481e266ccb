import { sql, type SelectQueryBuilder } from 'kysely';
import { HttpError } from './errors';

/** A keyset position: the sort column's value of the last row seen, and its id. */
export type CursorValue = [string | number, number];

/** Opaque to clients: base64url of the JSON pair. */
export function encodeCursor(v: CursorValue): string {
  return Buffer.from(JSON.stringify(v)).toString('base64url');
}

/**
 * Reads a cursor back and checks it fits the list's order (a title cursor holds a string, a date
 * cursor a number); anything else is a 400, never a query with a value of the wrong type.
 */
export function decodeCursor(raw: string, orderBy: 'title' | string): CursorValue {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && Number.isInteger(v[1]) && typeof v[0] === (orderBy === 'title' ? 'string' : 'number')) {
      return v as CursorValue;
    }
  } catch {
    // fall through to the validation error
  }
  throw new HttpError(400, 'VALIDATION_ERROR', undefined, { cursor: ['validation.format'] });
}

export interface KeysetOptions {
  /** Sort column, qualified (`t.updated_at`), and the id column that breaks ties (`t.id`). */
  col: string;
  idCol: string;
  dir: 'asc' | 'desc';
  orderBy: string;
  cursor?: string | null;
  page: number;
  limit: number;
}

/** A keyset page as the list endpoints answer it (keysetPage in @portal/api-client's schemas). */
export interface KeysetList<R> {
  data: R[];
  /** The page asked for; 0 when the page was reached by cursor. */
  current_page: number;
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * One page of a list ordered by (sort column, id): with a cursor the query seeks past the last
 * row seen through the index, so a page costs the same at any depth; without one, numbered pages
 * use OFFSET. One row more than the page is read to know whether another page follows. The lists
 * sort by update time or title, so a row's cursor is that value and its id; `map` turns a row into
 * the answer's shape.
 */
export async function keysetPage<DB, TB extends keyof DB, O extends { id: number; title: string; updated_at: number }, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  o: KeysetOptions,
  map: (row: O) => R,
): Promise<KeysetList<R>> {
  let q = query;
  if (o.cursor) {
    const [v, id] = decodeCursor(o.cursor, o.orderBy);
    q = q.where(sql<boolean>`(${sql.ref(o.col)}, ${sql.ref(o.idCol)}) ${sql.raw(o.dir === 'desc' ? '<' : '>')} (${v}, ${id})`);
  } else if (o.page > 1) {
    q = q.offset((o.page - 1) * o.limit);
  }
  const rows = await q.orderBy(sql.ref(o.col), o.dir).orderBy(sql.ref(o.idCol), o.dir).limit(o.limit + 1).execute();
  const hasMore = rows.length > o.limit;
  const pageRows = rows.slice(0, o.limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map(map),
    current_page: o.cursor ? 0 : o.page,
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor([o.orderBy === 'title' ? last.title : last.updated_at, last.id]) : null,
  };
}
