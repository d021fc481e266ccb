import { sql, type Kysely } from 'kysely';
import type { DB, DialectName } from '.';

/**
 * A deadlock (40P01) or serialisation failure (40001) on PostgreSQL, or a busy database on
 * SQLite (another process held the write lock past busy_timeout): nothing was written, so the
 * whole transaction may simply run again.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * The connection failed during COMMIT without the database saying why: the transaction may or may
 * not have committed. Whoever staged files for it must leave them to the sweep (which moves them
 * in if the row is there and removes them otherwise) rather than delete bytes a row may name.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('the connection failed during commit', { cause });
    this.name = 'CommitOutcomeUnknown';
  }
}

/** An error the database itself reported (SQLSTATE or SQLite code): the transaction did not commit. */
const reportedByDatabase = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('SQLITE_'));
};

async function once<T>(db: Kysely<DB>, dialect: DialectName, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw(dialect === 'postgres' ? 'begin' : 'begin immediate').execute(conn);
    let result: T;
    try {
      result = await fn(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
    try {
      await sql`commit`.execute(conn);
    } catch (err) {
      if (reportedByDatabase(err)) throw err;
      throw new CommitOutcomeUnknown(err);
    }
    return result;
  });
}

/**
 * A write transaction, run a second time if the database gave it up over a lock conflict. `fn`
 * must therefore have no effect outside the transaction (stored bytes move after the commit, see
 * storage/write.ts). SQLite: BEGIN IMMEDIATE takes the database write lock up front, so a second
 * writer (in this or another process) waits until the first has committed and then sees its
 * rows. Inside `fn` use only `trx`: on SQLite the one connection is held for the whole
 * transaction. A conflict that happens twice propagates (the error handler answers 503).
 */
export async function writeTransaction<T>(ctx: { db: Kysely<DB>; dialect: DialectName }, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await once(ctx.db, ctx.dialect, fn);
  } catch (err) {
    if (!isRetryableConflict(err)) throw err;
    return once(ctx.db, ctx.dialect, fn);
  }
}
