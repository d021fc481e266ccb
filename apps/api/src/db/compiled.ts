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
