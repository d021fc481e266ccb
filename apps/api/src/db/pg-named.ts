import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * PostgreSQL's answer to the SQLite statement cache (statement-cache.ts): every parameterised
 * query Kysely sends becomes a named prepared statement of its connection, so the server parses
 * and plans each distinct SQL text once per connection instead of on every request. The name is
 * a hash of the text (pg refuses one name for two texts). Per connection at most `max` names are
 * created; past that, queries run unnamed as before, so SQL with IN lists of many lengths cannot
 * pile up statements on the server. Queries without parameters (BEGIN, COMMIT, DDL) stay unnamed.
 */
export function nameStatements(pool: pg.Pool, max = 500): void {
  pool.on('connect', (client) => {
    const named = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && typeof callback !== 'function') {
        const name = `k${createHash('sha1').update(config).digest('base64url').slice(0, 20)}`;
        if (named.has(name) || named.size < max) {
          named.add(name);
          return query({ name, text: config, values });
        }
      }
      return query(config, values, callback);
    };
  });
}
