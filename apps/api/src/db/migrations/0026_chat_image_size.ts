import type { Kysely } from 'kysely';

/**
 * The size of a chat image's thumbnail, so the history reserves its box before the picture
 * arrives: a chat opened at its newest message stays there while images load. Null for files
 * without a thumbnail and for images sent before this column existed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_files').addColumn('thumb_width', 'integer').execute();
  await db.schema.alterTable('chat_files').addColumn('thumb_height', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_files').dropColumn('thumb_height').execute();
  await db.schema.alterTable('chat_files').dropColumn('thumb_width').execute();
}
