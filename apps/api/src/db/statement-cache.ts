import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { isCommitSql, isWriteSql } from './write-epoch';

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs; for a hot read that compile
 * step was ~16 % of busy CPU. This hands Kysely a database whose `prepare` returns the statement
 * already compiled for the same SQL text. Reuse is safe because Kysely holds its single
 * connection (a mutex) for the whole of a query or stream, so no statement is ever mid-iteration
 * when it is handed out again. SQL that inlines values (IN lists of varying length) makes many
 * distinct texts, so the cache is bounded and drops the least recently used.
 */
export function cachedStatements(database: Database.Database, max = 500, onWrite?: () => void): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        // Move to the end: Map keeps insertion order, so the first key is the least recently used.
        cache.delete(sql);
      } else {
        stmt = database.prepare(sql);
        if (onWrite && isWriteSql(sql)) stmt = reportingWrites(stmt, isCommitSql(sql), onWrite);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/**
 * The statement, telling `onWrite` when a run has changed rows (or committed): the write epoch
 * (write-epoch.ts). Reads are handed out bare, so they pay nothing for it.
 */
function reportingWrites(stmt: Database.Statement, commit: boolean, onWrite: () => void): Database.Statement {
  const run = stmt.run.bind(stmt);
  const all = stmt.all.bind(stmt);
  const iterate = stmt.iterate.bind(stmt);
  // Only what Kysely's driver and compiled.ts call on a statement.
  const wrapped = {
    reader: stmt.reader,
    run(...params: unknown[]) {
      const info = run(...params);
      if (commit || info.changes > 0) onWrite();
      return info;
    },
    // INSERT … RETURNING and the like are readers to better-sqlite3: count them whatever they return.
    all(...params: unknown[]) {
      try {
        return all(...params);
      } finally {
        onWrite();
      }
    },
    *iterate(...params: unknown[]) {
      try {
        yield* iterate(...params);
      } finally {
        onWrite();
      }
    },
  };
  return wrapped as unknown as Database.Statement;
}
