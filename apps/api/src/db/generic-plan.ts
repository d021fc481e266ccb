import type { Kysely } from 'kysely';
import type { DB } from './types';

/**
 * Runs `run` on the process's connections that use the generic plan of their (named,
 * pg-named.ts) statements: a second, small pool whose connections are opened with
 * `plan_cache_mode = force_generic_plan` (db/index.ts). For the few statements whose planning
 * costs more than running them, and for which PostgreSQL's `auto` mode keeps choosing a custom
 * plan on every execution: the unread recount's union (unread-recount.ts) took 2.2 ms to plan and
 * 0.4 ms to run, and was re-planned on each of its calls under load; its generic plan runs in
 * 0.25 ms (pg_stat_statements over the load bench). Not a pool-wide setting: a
 * statement whose custom plan is much better (a search whose selectivity depends on its words)
 * keeps it on the main pool.
 *
 * Switching one pooled connection to that mode and back around each call would cost two extra round
 * trips per recount (~5 % of the statements the load test sent), so these connections
 * never leave it instead.
 *
 * Inside a transaction, or on a database without such a pool (SQLite has no plans to choose
 * between), the statement runs as it is.
 */
const genericOf = new WeakMap<Kysely<DB>, Kysely<DB>>();

/** Called by createDb: `generic` runs what `withGenericPlan(db, …)` is given. */
export function attachGenericPlanDb(db: Kysely<DB>, generic: Kysely<DB>): void {
  genericOf.set(db, generic);
}

export function withGenericPlan<T>(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const generic = db.isTransaction ? undefined : genericOf.get(db);
  return run(generic ?? db);
}
