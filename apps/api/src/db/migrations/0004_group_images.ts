import type { Kysely } from 'kysely';

/**
 * Group icon and header image uploads. `icon_image_path` / `header_image` keep the URL the UI
 * loads; the storage keys (generated names) are kept apart so a URL is never turned into a
 * path, and the uploader's file names are display text only (spec: icon_file_name,
 * header_file_name).
 */
const COLUMNS = ['icon_storage_key', 'icon_file_name', 'header_storage_key', 'header_file_name'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  for (const c of COLUMNS) await db.schema.alterTable('groups').addColumn(c, 'varchar(500)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of [...COLUMNS].reverse()) await db.schema.alterTable('groups').dropColumn(c).execute();
}
