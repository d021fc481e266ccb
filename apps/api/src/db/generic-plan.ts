import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

/**
 * Runs `run` on one pooled PostgreSQL connection switched to the generic plan of its
 * (named, pg-named.ts) statements, then switches it back. For the few statements whose
 * planning costs more than running them, and for which PostgreSQL's `auto` mode keeps choosing
 * a custom plan on every execution: the unread recount's union (unread-recount.ts) took 2.2 ms
 * to plan and 0.4 ms to run, and was re-planned on each of its calls under load; its generic
 * plan runs in 0.25 ms (pg_stat_statements over the load bench, README wave 18). Not a
 * pool-wide setting: a statement whose custom plan is much better (a search whose selectivity
 * depends on its words) keeps it.
 *
 * Inside a transaction the statement runs as it is: the connection is the transaction's, and a
 * recount is never run inside one today. SQLite has no plans to choose between.
 */
export async function withGenericPlan<T>(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.connection().execute(async (conn) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
    try {
      return await run(conn);
    } finally {
      // A connection that cannot take the reset is broken anyway; the pool drops it, and the
      // statement's own error (if any) is the one worth reporting.
      await sql`reset plan_cache_mode`.execute(conn).catch(() => undefined);
    }
  });
}
