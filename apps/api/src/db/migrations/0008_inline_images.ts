import type { Kysely } from 'kysely';
import { dialectOf, time, withId } from '../dialect';

/**
 * Inline images of topic content. An image is uploaded on its own while the editor is
 * open; `topic_inline_images` records which saved topics show it, and that link is what lets
 * a reader of the topic load it. An image no topic shows is its uploader's alone and is swept
 * after a while (the editor was abandoned, or the image was taken out again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await time(
    withId(db.schema.createTable('inline_images'), d)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('mime', 'varchar(20)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull()),
    'created_at',
  ).execute();
  await db.schema.createIndex('inline_images_created_idx').on('inline_images').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('topic_inline_images')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('inline_images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('topic_inline_images_pk', ['topic_id', 'image_id'])
    .execute();
  await db.schema.createIndex('topic_inline_images_image_idx').on('topic_inline_images').columns(['image_id', 'topic_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_inline_images').ifExists().execute();
  await db.schema.dropTable('inline_images').ifExists().execute();
}
