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

/** What of a keyset page changes its SQL (compiled queries key on it, see db/compiled.ts). */
export interface KeysetShape {
  col: string;
  idCol: string;
  dir: 'asc' | 'desc';
  cursor: boolean;
  offset: boolean;
  /** Rows read (page + 1): a number, not a slot, since SQLite plans a bound LIMIT anew on every run (db/literal-limit.ts). */
  limit: number;
}

/** The values of a keyset page's SQL: the cursor's pair and the offset (the row limit is the shape's). */
export interface KeysetValues {
  cursorValue: string | number;
  cursorId: number;
  offset: number;
}

export function keysetShape(o: KeysetOptions): KeysetShape {
  return { col: o.col, idCol: o.idCol, dir: o.dir, cursor: Boolean(o.cursor), offset: !o.cursor && o.page > 1, limit: o.limit + 1 };
}

/** Decodes the cursor (a 400 when it does not fit) and works out the values the SQL binds. */
export function keysetValues(o: KeysetOptions): KeysetValues {
  const [cursorValue, cursorId] = o.cursor ? decodeCursor(o.cursor, o.orderBy) : [0, 0];
  return { cursorValue, cursorId, offset: (o.page - 1) * o.limit };
}

/** The page's ordering, seek and limit on `query`; values may be compiled-query slots. */
export function keysetQuery<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, shape: KeysetShape, v: KeysetValues) {
  let q = query;
  if (shape.cursor) {
    q = q.where(
      sql<boolean>`(${sql.ref(shape.col)}, ${sql.ref(shape.idCol)}) ${sql.raw(shape.dir === 'desc' ? '<' : '>')} (${v.cursorValue}, ${v.cursorId})`,
    );
  } else if (shape.offset) {
    q = q.offset(v.offset);
  }
  return q.orderBy(sql.ref(shape.col), shape.dir).orderBy(sql.ref(shape.idCol), shape.dir).limit(shape.limit);
}

/** The answer from the page's rows (one more than the page when another page follows). */
export function keysetResult<O extends { id: number; title: string; updated_at: number }, R>(
  rows: O[],
  o: KeysetOptions,
  map: (row: O) => R,
): KeysetList<R> {
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
  const rows = await keysetQuery(query, keysetShape(o), keysetValues(o)).execute();
  return keysetResult(rows as O[], o, map);
}

/**
 * The total of an OFFSET page whose query carries it on every row (a window count or a
 * subselect), saving a count statement: only a page past the last, which has no row to read it
 * from, counts apart; an empty first page means there is nothing at all.
 */
export async function carriedTotal<R>(
  rows: readonly R[],
  page: number,
  read: (row: R) => unknown,
  count: () => Promise<unknown>,
): Promise<number> {
  if (rows.length > 0) return Number(read(rows[0]!) ?? 0);
  return page > 1 ? Number((await count()) ?? 0) : 0;
}
