import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config';
import type { DialectName } from './dialect';
import { migrations } from './migrations';
import { cachedStatements } from './statement-cache';
import { PortalPostgresDialect, PortalSqliteDialect } from './literal-limit';
import { registerDirectSqlite } from './compiled';
import { nameStatements } from './pg-named';
import { measurePool, type PoolStats } from './pool-stats';
import { attachGenericPlanDb } from './generic-plan';
import { createWriteEpoch, isCommitSql, isWriteSql, type WriteEpoch } from './write-epoch';
import type { DB } from './types';

export type { DB } from './types';
export type { DialectName } from './dialect';

export interface DbHandle {
  db: Kysely<DB>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /** PostgreSQL only: connections and the time spent waiting for one (pool-stats.ts). */
  poolStats?: () => PoolStats;
  /** PostgreSQL only: requests queued for a connection now (a counter read; load shedding). */
  poolWaiting?: () => number;
  /** Moves on at every write this process makes (write-epoch.ts). */
  writes: WriteEpoch;
}

// COUNT(*) and bigint epoch-ms columns arrive as int8; they all fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolMax'>>): DbHandle {
  if (config.databaseUrl) {
    // JIT off: the portal runs short OLTP queries, and when the planner overestimates a
    // query's cost (a tsquery on the bigram index has no useful selectivity estimate) JIT
    // compilation costs 50–250 ms for a query that runs in under 1 ms; measured on the
    // search bench at 1 000 000 posts (docs/performance.md). Set per connection, not per server.
    const max = config.databasePoolMax ?? 10;
    const writes = createWriteEpoch();
    const pool = postgresPool(config.databaseUrl, max, '-c jit=off', writes);
    const poolStats = measurePool(pool, max);
    const db = new Kysely<DB>({ dialect: new PortalPostgresDialect({ pool }) });
    // The few statements that run best on their generic plan (generic-plan.ts) get connections
    // that stay in that mode: a couple suffice, they run a few hundred microseconds each.
    const generic = new Kysely<DB>({
      dialect: new PortalPostgresDialect({
        pool: postgresPool(config.databaseUrl, Math.min(GENERIC_POOL_MAX, max), '-c jit=off -c plan_cache_mode=force_generic_plan', writes),
      }),
    });
    attachGenericPlanDb(db, generic);
    return {
      db,
      dialect: 'postgres',
      destroy: () => Promise.all([db.destroy(), generic.destroy()]).then(() => undefined),
      poolStats,
      poolWaiting: () => pool.waitingCount,
      writes,
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new Database(path.join(config.dataDir, 'portal.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const writes = createWriteEpoch();
  const statements = cachedStatements(file, 500, () => writes.bump());
  const db = new Kysely<DB>({ dialect: new PortalSqliteDialect({ database: statements }) });
  registerDirectSqlite(db, { prepare: (sql) => statements.prepare(sql) as never, inTransaction: () => file.inTransaction });
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), writes };
}

/** Connections per process for generic-plan statements, on top of DATABASE_POOL_MAX. */
export const GENERIC_POOL_MAX = 2;

function postgresPool(connectionString: string, max: number, options: string, writes: WriteEpoch): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, options });
  // An idle client that loses its connection (server restart, terminated backend, or a drop
  // racing pool shutdown) is removed by the pool, which then emits 'error'; with no listener
  // that event would crash the process. The next query simply opens a new connection.
  pool.on('error', () => {});
  // The pool listens only on idle clients. A client checked out between two statements (a
  // transaction's) whose server goes away emits 'error' with nobody listening, which would crash
  // the process on a PostgreSQL restart. Its next statement fails instead (answered 503,
  // db/unavailable.ts) and the pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  nameStatements(pool);
  watchWrites(pool, writes);
  return pool;
}

/**
 * Moves the write epoch when a statement that may write has completed on a connection of the
 * pool and changed rows, or committed. Completed, not sent: a read that started before the
 * commit and is cached with the older epoch must not stay valid after it.
 */
function watchWrites(pool: pg.Pool, writes: WriteEpoch): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const result = query(...args);
      if (typeof text === 'string' && isWriteSql(text) && result instanceof Promise) {
        const commit = isCommitSql(text);
        // Bumped on failure too: a failed COMMIT or statement may still have changed something.
        result.then(
          (r: { rowCount?: number | null }) => {
            if (commit || r?.rowCount !== 0) writes.bump();
          },
          () => writes.bump(),
        );
      }
      return result;
    };
  });
}

/** Brings the schema up to date; throws (and the app refuses to start) if a migration fails. */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The migrations this build knows that the database has not run (readiness: a process started
 * against a database another build has not migrated yet). One small read of Kysely's own table.
 */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const done = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
    .selectFrom('kysely_migration')
    .select('name')
    .execute();
  const ran = new Set(done.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !ran.has(name));
}
