import type { Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Chat. A chat belongs to the group it was created from (its members share that group,
 * and the group's per-file limit applies to its files). Messages carry a per-chat sequence number
 * (`no`), so unread counts, history pages and "what did I miss" are all ranges of it. Members
 * who leave keep their row with `left_at` set, which is how a one-to-one chat restores its
 * original members. Chat files count against the company's chat area (chat_storage), not the group's storage.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');

  let chats = withId(db.schema.createTable('chats'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // "lowId:highId" for a one-to-one chat, so there is exactly one per pair; null for groups.
    .addColumn('pair_key', 'varchar(40)', (c) => c.unique())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'integer')
    .addColumn('storage_used_bytes', 'bigint', (c) => c.notNull().defaultTo(0));
  chats = flag(chats, 'only_user', 0);
  chats = time(time(time(chats, 'last_activity_at'), 'created_at'), 'updated_at');
  await chats.execute();

  let members = db.schema
    .createTable('chat_members')
    .addColumn('chat_id', 'integer', fk('chats'))
    .addColumn('user_id', 'integer', fk('users'))
    // Messages up to this number count as read.
    .addColumn('read_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id']);
  members = flag(members, 'favorite', 0);
  members = time(time(members, 'joined_at'), 'left_at', true);
  await members.execute();
  await db.schema.createIndex('chat_members_user_idx').on('chat_members').columns(['user_id', 'left_at', 'chat_id']).execute();

  let messages = withId(db.schema.createTable('chat_messages'), d)
    .addColumn('chat_id', 'integer', fk('chats'))
    .addColumn('no', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    // MessageSpecial: 0 text, 1 files, 2 members added, 3 member left, 4 renamed.
    .addColumn('message_special', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_message_id', 'varchar(64)')
    .addColumn('reply_to_id', 'integer', (c) => c.references('chat_messages.id').onDelete('set null'));
  messages = time(time(time(messages, 'created_at'), 'updated_at'), 'deleted_at', true);
  await messages.execute();
  await db.schema.createIndex('chat_messages_no_idx').on('chat_messages').columns(['chat_id', 'no']).unique().execute();
  // The idempotency key of a send: a retried request finds the stored message instead of adding one.
  await db.schema
    .createIndex('chat_messages_client_idx')
    .on('chat_messages')
    .columns(['chat_id', 'sender_id', 'client_message_id'])
    .unique()
    .execute();

  await time(
    db.schema
      .createTable('chat_message_likes')
      .addColumn('message_id', 'integer', fk('chat_messages'))
      .addColumn('user_id', 'integer', fk('users'))
      .addPrimaryKeyConstraint('chat_message_likes_pk', ['message_id', 'user_id']),
    'created_at',
  ).execute();

  await time(
    time(
      withId(db.schema.createTable('chat_files'), d)
        .addColumn('chat_id', 'integer', fk('chats'))
        .addColumn('message_id', 'integer', fk('chat_messages'))
        .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('thumb_key', 'varchar(200)')
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('mime', 'varchar(100)', (c) => c.notNull()),
      'created_at',
    ),
    'updated_at',
  ).execute();
  await db.schema.createIndex('chat_files_chat_idx').on('chat_files').columns(['chat_id', 'id']).execute();
  await db.schema.createIndex('chat_files_message_idx').on('chat_files').column('message_id').execute();

  // The chat area (spec section 9): its own capacity, warned at 80 % and refused when full.
  // One row per company, made on its first chat upload.
  await db.schema
    .createTable('chat_storage')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('capacity_gb', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['chat_storage', 'chat_files', 'chat_message_likes', 'chat_messages', 'chat_members', 'chats'])
    await db.schema.dropTable(t).ifExists().execute();
}
