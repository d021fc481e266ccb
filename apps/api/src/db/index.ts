import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { DialectName } from './dialect';
import { migrations } from './migrations';
import { cachedStatements } from './statement-cache';
import { PortalSqliteDialect } from './sqlite-dialect';
import { registerDirectSqlite } from './compiled';
import { nameStatements } from './pg-named';
import { measurePool, type PoolStats } from './pool-stats';
import type { DB } from './types';

export type { DB } from './types';
export type { DialectName } from './dialect';

export interface DbHandle {
  db: Kysely<DB>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /** PostgreSQL only: connections and the time spent waiting for one (pool-stats.ts). */
  poolStats?: () => PoolStats;
}

// COUNT(*) and bigint epoch-ms columns arrive as int8; they all fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolMax'>>): DbHandle {
  if (config.databaseUrl) {
    // JIT off: the portal runs short OLTP queries, and when the planner overestimates a
    // query's cost (a tsquery on the bigram index has no useful selectivity estimate) JIT
    // compilation costs 50–250 ms for a query that runs in under 1 ms; measured on the
    // search bench at 1 000 000 posts (README, search). Set per connection, not per server.
    const max = config.databasePoolMax ?? 10;
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max, options: '-c jit=off' });
    const poolStats = measurePool(pool, max);
    // An idle client that loses its connection (server restart, terminated backend, or a drop
    // racing pool shutdown) is removed by the pool, which then emits 'error'; with no listener
    // that event would crash the process. The next query simply opens a new connection.
    pool.on('error', () => {});
    nameStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy(), poolStats };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new Database(path.join(config.dataDir, 'portal.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const statements = cachedStatements(file);
  const db = new Kysely<DB>({ dialect: new PortalSqliteDialect({ database: statements }) });
  registerDirectSqlite(db, { prepare: (sql) => statements.prepare(sql) as never, inTransaction: () => file.inTransaction });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
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
