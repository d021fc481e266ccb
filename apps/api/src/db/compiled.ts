import { sql, type Compilable, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type DialectName } from './dialect';
import type { DB } from './types';

/**
 * A query built and compiled to SQL once per dialect, then run with new values: for the reads
 * every request makes (session lookup, group access), where building the Kysely tree and
 * compiling it cost more than SQLite running it. The builder receives `slot(name)`, a stand-in
 * value that Kysely turns into an ordinary bound parameter; each run swaps the caller's values
 * into those positions. Usage: `compiledQuery<{ id: number }>()((db, slot) => db.selectFrom…)`. Only plain `=`-style values may be slots (an `in` list's length changes
 * the SQL, so such a query cannot be compiled once).
 */
const SLOT = '\u0000slot:';

/** The SQLite handle behind a root Kysely instance, for compiled reads that skip Kysely's executor. */
export interface DirectSqlite {
  prepare(sql: string): { reader: boolean; all(params: readonly unknown[]): unknown[]; run(params: readonly unknown[]): unknown };
  /** True while a transaction is open on the one connection (BEGIN … COMMIT spans awaits). */
  inTransaction(): boolean;
}
const directHandles = new WeakMap<Kysely<DB>, DirectSqlite>();

/**
 * Lets compiled queries on this (root, SQLite) instance run straight on better-sqlite3 when no
 * transaction is open. Kysely's executor costs a mutex round trip and several promise hops per
 * statement, more than SQLite takes for a hot read. Outside a transaction that is safe: the call
 * is synchronous, so no other statement can be half-run on the connection. While a transaction
 * is open (another request's, between its awaits) the query takes Kysely's path and waits for
 * the connection, as before, so it never reads uncommitted rows. A transaction's own Kysely
 * (`trx`) is another object and always takes Kysely's path.
 */
export function registerDirectSqlite(db: Kysely<DB>, handle: DirectSqlite): void {
  directHandles.set(db, handle);
}

type Slot<A> = <K extends keyof A & string>(name: K) => A[K];

export const compiledQuery =
  <A extends Record<string, unknown>>() =>
  <R>(build: (db: Kysely<DB>, slot: Slot<A>) => Compilable<R>): ((db: Kysely<DB>, args: A) => Promise<R[]>) => {
    const byDialect = new Map<DialectName, { compiled: CompiledQuery<R>; slots: (string | { value: unknown })[] }>();
    const slot = ((name: string) => `${SLOT}${name}`) as Slot<A>;
    return async (db, args) => {
      const dialect = dialectOf(db);
      let entry = byDialect.get(dialect);
      if (!entry) {
        const compiled = build(db, slot).compile();
        const slots = compiled.parameters.map((v) => (typeof v === 'string' && v.startsWith(SLOT) ? v.slice(SLOT.length) : { value: v }));
        entry = { compiled, slots };
        byDialect.set(dialect, entry);
      }
      const parameters = entry.slots.map((s) => (typeof s === 'string' ? args[s] : s.value));
      const direct = directHandles.get(db);
      if (direct && !direct.inTransaction()) {
        const stmt = direct.prepare(entry.compiled.sql);
        if (stmt.reader) return stmt.all(parameters) as R[];
        stmt.run(parameters);
        return [];
      }
      const result = await db.executeQuery<R>({ ...entry.compiled, parameters });
      return result.rows;
    };
  };

/**
 * compiledQuery for a query whose SQL has a few shapes (a feed with or without a cursor, a badge
 * count over N groups): the caller names the shape with a key, and each (dialect, key) is built
 * and compiled once, then run with new values like compiledQuery. Everything that changes the
 * SQL text must be in the key and come from `shape`; every value must be a slot. The number of
 * shapes is bounded by the callers (small enums, list lengths capped by a page size); past
 * `max` distinct keys the oldest is dropped so a caller's mistake cannot grow memory forever.
 */
export const compiledShapes =
  <A extends Record<string, unknown>, S>(max = 256) =>
  <R>(
    build: (db: Kysely<DB>, slot: Slot<A>, shape: S) => Compilable<R>,
  ): ((db: Kysely<DB>, key: string, shape: S, args: A) => Promise<R[]>) => {
    const byKey = new Map<string, (db: Kysely<DB>, args: A) => Promise<R[]>>();
    return (db, key, shape, args) => {
      let run = byKey.get(key);
      if (!run) {
        if (byKey.size >= max) byKey.delete(byKey.keys().next().value!);
        run = compiledQuery<A>()((d, slot) => build(d, slot, shape));
        byKey.set(key, run);
      }
      return run(db, args);
    };
  };

/**
 * `ref IN (ids)` with the whole list as one bound value, for compiled queries: a list spelled
 * as one parameter per id changes the SQL with its length, so each length would be a shape of
 * its own. SQLite reads the list as JSON, PostgreSQL as an integer array; `idListValue` makes
 * the value the running dialect expects.
 */
export function inIdList(db: Kysely<DB>, ref: string, value: unknown): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(ref)} = any(cast(${value} as integer[]))`
    : sql<SqlBool>`${sql.ref(ref)} in (select value from json_each(${value}))`;
}

export function idListValue(dialect: DialectName, ids: readonly number[]): string | readonly number[] {
  return dialect === 'postgres' ? ids : JSON.stringify(ids);
}
