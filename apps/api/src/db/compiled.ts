import type { Compilable, CompiledQuery, Kysely } from 'kysely';
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

type Slot<A> = <K extends keyof A & string>(name: K) => A[K];

export const compiledQuery = <A extends Record<string, unknown>>() => <R>(
  build: (db: Kysely<DB>, slot: Slot<A>) => Compilable<R>,
): ((db: Kysely<DB>, args: A) => Promise<R[]>) => {
  const byDialect = new Map<DialectName, { compiled: CompiledQuery<R>; slots: (string | { value: unknown })[] }>();
  const slot = ((name: string) => `${SLOT}${name}`) as Slot<A>;
  return async (db, args) => {
    const dialect = dialectOf(db);
    let entry = byDialect.get(dialect);
    if (!entry) {
      const compiled = build(db, slot).compile();
      const slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(SLOT) ? v.slice(SLOT.length) : { value: v },
      );
      entry = { compiled, slots };
      byDialect.set(dialect, entry);
    }
    const parameters = entry.slots.map((s) => (typeof s === 'string' ? args[s] : s.value));
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
export const compiledShapes = <A extends Record<string, unknown>, S>(max = 256) => <R>(
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
