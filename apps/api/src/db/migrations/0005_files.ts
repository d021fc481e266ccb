import type { Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Shared folders: one `files` table for group files (group_id set) and common files
 * (group_id null), every stored version in `file_versions` (the current one included, so each
 * storage key has exactly one owning row), per-user reads and favourites, and the company's
 * storage quota next to the groups' existing storage_capacity_gb / storage_used_bytes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');
  const userRef = (c: any) => c.references('users.id').onDelete('set null');

  let files = withId(db.schema.createTable('files'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('content_folders.id').onDelete('set null'))
    // A topic attachment lives in the attachment folder; deleting the topic keeps the file.
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    // Current version, denormalised from file_versions so lists need no join.
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_id', 'integer', userRef)
    .addColumn('updater_id', 'integer', userRef)
    .addColumn('uploader_id', 'integer', userRef);
  files = flag(files, 'is_attachment', 0);
  files = flag(files, 'in_bin', 0);
  files = time(time(time(files, 'moved_to_bin_at', true), 'created_at'), 'updated_at');
  await files.execute();
  // Keyset pages per group (or company for common files) and bin sweeps.
  await db.schema.createIndex('files_feed_update_idx').on('files').columns(['group_id', 'in_bin', 'updated_at', 'id']).execute();
  await db.schema.createIndex('files_feed_title_idx').on('files').columns(['group_id', 'in_bin', 'title', 'id']).execute();
  await db.schema.createIndex('files_company_idx').on('files').columns(['company_id', 'group_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('files_folder_idx').on('files').columns(['folder_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('files_bin_idx').on('files').columns(['in_bin', 'moved_to_bin_at']).execute();

  await time(
    withId(db.schema.createTable('file_versions'), d)
      .addColumn('file_id', 'integer', fk('files'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('mime', 'varchar(100)', (c) => c.notNull())
      .addColumn('uploader_id', 'integer', userRef)
      .addColumn('uploaded_at', 'bigint', (c) => c.notNull()),
    'updated_at',
  ).execute();
  await db.schema.createIndex('file_versions_file_idx').on('file_versions').columns(['file_id', 'version']).unique().execute();

  for (const table of ['file_reads', 'file_favorites']) {
    await time(
      db.schema
        .createTable(table)
        .addColumn('file_id', 'integer', fk('files'))
        .addColumn('user_id', 'integer', fk('users'))
        .addPrimaryKeyConstraint(`${table}_pk`, ['file_id', 'user_id']),
      'created_at',
    ).execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'file_id']).execute();
  }

  // Company quota: every stored byte (group and common files) counts here; groups also count their own.
  await db.schema
    .alterTable('companies')
    .addColumn('storage_capacity_gb', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
  await db.schema
    .alterTable('companies')
    .addColumn('storage_used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('storage_used_bytes').execute();
  await db.schema.alterTable('companies').dropColumn('storage_capacity_gb').execute();
  for (const t of ['file_favorites', 'file_reads', 'file_versions', 'files']) await db.schema.dropTable(t).execute();
}
