import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * SQLite (3.53, as better-sqlite3 12 ships it) reads the bound value of a `LIMIT ?` while
 * planning and marks that parameter so that binding it again expires the plan; better-sqlite3
 * binds on every run, so every query with a bound limit was compiled anew on each execution
 * (a feed page spent ~46 µs in SQLite against ~13 µs with the number in the text). A limit that
 * is a plain integer is therefore written into the SQL. Only safe integers are inlined (they come
 * from validated page sizes and constants); anything else, such as a compiled query's slot, stays
 * a parameter. The statement cache keys on the SQL text, and the limits in use are a handful of
 * page sizes, so this adds few statements.
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const v = node.limit;
    if (ValueNode.is(v) && typeof v.value === 'number' && Number.isSafeInteger(v.value)) {
      this.append(`limit ${v.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

export class PortalSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
