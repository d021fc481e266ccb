import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statement names by SQL text: hashing the text again for every query cost a few µs each. */
const names = new Map<string, string>();
const NAMES_MAX = 5000;
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size >= NAMES_MAX) names.delete(names.keys().next().value!);
    names.set(text, name);
  }
  return name;
}

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
    /** Statements whose plan a schema change invalidated: run unnamed from then on. */
    const stale = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && typeof callback !== 'function') {
        const name = nameOf(config);
        if (!stale.has(name) && (named.has(name) || named.size < max)) {
          named.add(name);
          return query({ name, text: config, values }).catch((err: { code?: string }) => {
            // A migration run by another process (rolling deploy) changed a table this prepared
            // `SELECT *` reads: PostgreSQL refuses the cached plan. The statement failed as a
            // whole, so running it once more unnamed is safe.
            if (err.code !== STALE_PLAN) throw err;
            stale.add(name);
            return query(config, values);
          });
        }
      }
      return query(config, values, callback);
    };
  });
}

/** feature_not_supported: "cached plan must not change result type". */
const STALE_PLAN = '0A000';
