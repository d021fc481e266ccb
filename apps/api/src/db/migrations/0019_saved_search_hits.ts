import type { Kysely } from 'kysely';

/**
 * Saved searches in the unread notifications: each saved search keeps its count of new
 * hits, when they were first seen (the unread row's time) and when the count was last worked
 * out, so the unread engine can select them in SQL beside the other kinds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('saved_searches')
    .addColumn('new_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('saved_searches').addColumn('hits_at', 'bigint').execute();
  await db.schema
    .alterTable('saved_searches')
    .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['checked_at', 'hits_at', 'new_count']) await db.schema.alterTable('saved_searches').dropColumn(column).execute();
}
