/**
 * A counter of the writes this process has made to the database, moved on when a statement
 * that changes rows completes and when a transaction commits. Whatever was read while the
 * counter stayed the same is still what the database holds, unless another process or a person
 * wrote to it meanwhile: the response cache (http/response-cache.ts) keys on it for that reason
 * and so runs in one process only.
 *
 * It is hooked below Kysely, at the driver (statement-cache.ts for SQLite, `watchWrites` for
 * PostgreSQL), so no write path can forget to announce itself: a module's query, a job, a
 * migration and a test's direct edit all count.
 */
export interface WriteEpoch {
  /** Moves on at every write that may have changed rows. */
  readonly value: number;
  bump(): void;
}

export function createWriteEpoch(): WriteEpoch {
  let value = 0;
  return {
    get value() {
      return value;
    },
    bump() {
      value++;
    },
  };
}

const kinds = new Map<string, boolean>();
const KINDS_MAX = 5000;
/** A plain read: SELECT (or a CTE without a data-changing verb) that locks nothing. */
const READ = /^[\s(]*(?:select|with)\b/i;
const CHANGING = /\b(?:insert|update|delete|replace)\b/i;
const NO_OP = /^\s*(?:begin|start\s+transaction|savepoint|release|set|reset|show|explain)\b/i;

/**
 * Whether running this SQL text may change the database. Errs towards yes: `SELECT … FOR
 * UPDATE`, a PRAGMA, DDL or anything unknown counts as a write; only plain reads and the
 * statements that open a transaction do not. Memoised per text (the texts are the same few
 * hundred statements).
 */
export function isWriteSql(sql: string): boolean {
  let kind = kinds.get(sql);
  if (kind === undefined) {
    kind = READ.test(sql) ? CHANGING.test(sql) : !NO_OP.test(sql);
    if (kinds.size >= KINDS_MAX) kinds.delete(kinds.keys().next().value!);
    kinds.set(sql, kind);
  }
  return kind;
}

/** COMMIT (or END): moves the counter whatever the row count says. */
export function isCommitSql(sql: string): boolean {
  return /^\s*(?:commit|end)\b/i.test(sql);
}
