import type { Kysely } from 'kysely';

/**
 * Image thumbnails. Each stored version may own a second key, its thumbnail, made when
 * the version was uploaded; `files.thumb_key` copies the current version's like the other current
 * columns. Null when none could be made (not an image, a corrupt one, or uploaded before this).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  await db.schema.alterTable('file_versions').addColumn('thumb_key', 'varchar(200)').execute();
  await db.schema.alterTable('files').addColumn('thumb_key', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('thumb_key').execute();
  await db.schema.alterTable('file_versions').dropColumn('thumb_key').execute();
}
