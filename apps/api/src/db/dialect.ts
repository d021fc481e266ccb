import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to; migrations use it so they keep Kysely's `up(db)` shape. */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Auto-increment integer primary key `id`, spelled the way each engine wants it. */
export function withId<T extends string>(tb: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? tb.addColumn('id', 'serial', (c) => c.primaryKey())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** 0/1 flag column (SQLite has no boolean; PG keeps the same integers so queries are identical). */
export function flag<T extends string, C extends string>(
  tb: CreateTableBuilder<T, C>,
  name: string,
  fallback: 0 | 1,
): CreateTableBuilder<T, C> {
  return tb.addColumn(name, 'integer', (c) => c.notNull().defaultTo(fallback));
}

/** Epoch-millisecond time column. */
export function time<T extends string, C extends string>(
  tb: CreateTableBuilder<T, C>,
  name: string,
  nullable = false,
): CreateTableBuilder<T, C> {
  return tb.addColumn(name, 'bigint', (c) => (nullable ? c : c.notNull()));
}
