import type { Kysely } from 'kysely';

/**
 * Loose ends of the first release's data model.
 * - topic_mail_sends.sent_at: a claim row is written before an emergency mail is sent and
 *   stamped once the SMTP server accepted it. A claim left unstamped by a process that died
 *   mid-send is taken over by the retry (see modules/topics/emergency.ts); stamped rows are
 *   never mailed again. Rows from before this column were sent (or lost) already: stamped.
 * - files.comment_id: a comment's attachments are files of the topic's attachment list
 *   (topic_id, is_attachment = 1) that also name their comment; the topic's own attachments
 *   have none. Deleting the comment deletes them (service code, with the quota refund).
 * - comment_inline_images: which comments show an inline image, as topic_inline_images does for
 *   topics; a reader of the comment's topic may load it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topic_mail_sends').addColumn('sent_at', 'bigint').execute();
  await db
    .updateTable('topic_mail_sends')
    .set((eb: any) => ({ sent_at: eb.ref('created_at') }))
    .execute();

  await db.schema
    .alterTable('files')
    .addColumn('comment_id', 'integer', (c) => c.references('topic_comments.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('files_comment_idx').on('files').columns(['comment_id', 'id']).execute();
  await db.schema
    .createTable('comment_inline_images')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('topic_comments.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('inline_images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('comment_inline_images_pk', ['comment_id', 'image_id'])
    .execute();
  await db.schema.createIndex('comment_inline_images_image_idx').on('comment_inline_images').columns(['image_id', 'comment_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comment_inline_images').ifExists().execute();
  await db.schema.dropIndex('files_comment_idx').ifExists().execute();
  await db.schema.alterTable('files').dropColumn('comment_id').execute();
  await db.schema.alterTable('topic_mail_sends').dropColumn('sent_at').execute();
}
