import {
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type DefaultQueryCompiler,
  type LimitNode,
  type QueryCompiler,
} from 'kysely';

/**
 * A LIMIT that is a plain integer is written into the SQL on both databases, for two reasons:
 *
 * - SQLite (3.53, as better-sqlite3 12 ships it) reads the bound value of a `LIMIT ?` while
 *   planning and marks that parameter so that binding it again expires the plan; better-sqlite3
 *   binds on every run, so every query with a bound limit was compiled anew on each execution (a
 *   feed page spent ~46 µs in SQLite against ~13 µs with the number in the text).
 * - PostgreSQL keeps a named statement's generic plan only when it costs no more than the custom
 *   plans; a generic plan cannot know a bound LIMIT (or OFFSET) and costs it as reading far more
 *   rows, so such a statement was planned anew on every run: home's news read spent 0.48 ms
 *   planning for 0.08 ms executing (pg_stat_statements under the load test).
 *
 * Only safe integers are inlined (they come from validated page sizes and constants); anything
 * else, such as a compiled query's slot, stays a parameter. Statement caches key on the SQL
 * text, and the limits in use are a handful of page sizes, so this adds few statements.
 */
// `any[]`: the only constructor shape TypeScript accepts for a mixin's base.
type Compiler = new (...args: any[]) => DefaultQueryCompiler;

/** The dialect's own compiler, but an integer LIMIT goes into the text. */
function withLiteralLimit<C extends Compiler>(Base: C) {
  return class extends Base {
    protected override visitLimit(node: LimitNode): void {
      const v = node.limit;
      if (ValueNode.is(v) && typeof v.value === 'number' && Number.isSafeInteger(v.value)) this.append(`limit ${v.value}`);
      else super.visitLimit(node);
    }
  };
}

const SqliteLiteralLimitCompiler = withLiteralLimit(SqliteQueryCompiler);
const PostgresLiteralLimitCompiler = withLiteralLimit(PostgresQueryCompiler);

export class PortalSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteLiteralLimitCompiler();
  }
}

export class PortalPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PostgresLiteralLimitCompiler();
  }
}
