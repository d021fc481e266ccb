import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs; for a hot read that compile
 * step was ~16 % of busy CPU. This hands Kysely a database whose `prepare` returns the statement
 * already compiled for the same SQL text. Reuse is safe because Kysely holds its single
 * connection (a mutex) for the whole of a query or stream, so no statement is ever mid-iteration
 * when it is handed out again. SQL that inlines values (IN lists of varying length) makes many
 * distinct texts, so the cache is bounded and drops the least recently used.
 */
export function cachedStatements(database: Database.Database, max = 500): SqliteDatabase {
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
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
