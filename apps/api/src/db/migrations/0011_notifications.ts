import type { Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');

/**
 * Notifications. Unread topics and files keep their read state in topic_reads and
 * file_reads; what was missing is the read state of comment notices, of like notices (one
 * "seen up to" time per user, since the dropdown marks all read at once), news with its read
 * rows, the todo list, and a record of every digest mail or push sent so a retry never repeats.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await time(
    db.schema
      .createTable('comment_reads')
      .addColumn('comment_id', 'integer', fk('topic_comments'))
      .addColumn('user_id', 'integer', fk('users'))
      .addPrimaryKeyConstraint('comment_reads_pk', ['comment_id', 'user_id']),
    'created_at',
  ).execute();
  await db.schema.createIndex('comment_reads_user_idx').on('comment_reads').columns(['user_id', 'comment_id']).execute();
  // Comment notices go to the topic's author and the parent comment's author: find them by author.
  await db.schema.createIndex('topic_comments_parent_idx').on('topic_comments').columns(['parent_id', 'id']).execute();
  await db.schema.createIndex('topics_author_idx').on('topics').columns(['author_id', 'id']).execute();

  await time(
    db.schema.createTable('like_seen').addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade')),
    'seen_at',
  ).execute();

  let news = withId(db.schema.createTable('informations'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('placement', 'integer', (c) => c.notNull())
    .addColumn('target_type', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    // Set for a group's news (placement GROUP/BOTH) and for system items about a group.
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    // A system item addressed to one user; null reaches everyone the placement reaches.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('display_type', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'));
  news = time(time(time(news, 'withdrawn_at', true), 'created_at'), 'updated_at');
  await news.execute();
  await db.schema.createIndex('informations_company_idx').on('informations').columns(['company_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('informations_user_idx').on('informations').columns(['user_id', 'created_at']).execute();
  await time(
    db.schema
      .createTable('information_reads')
      .addColumn('information_id', 'integer', fk('informations'))
      .addColumn('user_id', 'integer', fk('users'))
      .addPrimaryKeyConstraint('information_reads_pk', ['information_id', 'user_id']),
    'created_at',
  ).execute();

  let todo = withId(db.schema.createTable('todo_tasks'), d)
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull());
  todo = time(time(flag(todo, 'done', 0), 'created_at'), 'updated_at');
  await todo.execute();
  await db.schema.createIndex('todo_tasks_user_idx').on('todo_tasks').columns(['user_id', 'id']).execute();

  // One row per delivered digest or push (channel, what, to whom): inserted before sending, so a
  // retried or concurrent job sees it and never sends twice.
  await time(
    db.schema
      .createTable('notification_sends')
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      .addColumn('dedupe_key', 'varchar(200)', (c) => c.notNull())
      .addColumn('target', 'varchar(500)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_sends_pk', ['channel', 'dedupe_key', 'target']),
    'created_at',
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['notification_sends', 'todo_tasks', 'information_reads', 'informations', 'like_seen', 'comment_reads']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.dropIndex('topics_author_idx').ifExists().execute();
  await db.schema.dropIndex('topic_comments_parent_idx').ifExists().execute();
}
