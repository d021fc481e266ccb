import type { Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Topics: one `topics` table for group topics (group_id set) and common topics (group_id
 * null, reaching the groups in `topic_destinations`), per-group content folders, read marks,
 * likes, favourites, comments, the edit lock, and a generic `jobs` table for work that must run
 * once across API processes and survive restarts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');
  const userRef = (c: any) => c.references('users.id').onDelete('set null');

  // Folders are per group; `kind` keeps topic folders apart from shared-folder folders.
  await time(
    time(
      withId(db.schema.createTable('content_folders'), d)
        .addColumn('group_id', 'integer', fk('groups'))
        .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('topic'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull()),
      'created_at',
    ),
    'updated_at',
  ).execute();
  await db.schema.createIndex('content_folders_group_idx').on('content_folders').columns(['group_id', 'kind']).execute();

  let topics = withId(db.schema.createTable('topics'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('content_text', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', userRef)
    .addColumn('updater_id', 'integer', userRef)
    .addColumn('folder_id', 'integer', (c) => c.references('content_folders.id').onDelete('set null'))
    .addColumn('like_character', 'varchar(16)', (c) => c.notNull().defaultTo(''));
  for (const [name, dflt] of [
    ['emergency_contact', 0],
    ['is_multiple_edit', 0],
    ['like_enabled', 1],
    ['hide_likers', 0],
    ['comment_enabled', 1],
    ['comment_anonymous', 0],
    ['hide_destinations', 0],
    ['in_bin', 0],
  ] as const) {
    topics = flag(topics, name, dflt);
  }
  // delivery_at: when readers first see the topic (= creation unless scheduled).
  topics = time(time(time(time(topics, 'delivery_at'), 'moved_to_bin_at', true), 'created_at'), 'updated_at');
  await topics.execute();
  // Keyset pages of a group feed: (updated_at, id) and (title, id) within the live or bin set.
  await db.schema.createIndex('topics_feed_update_idx').on('topics').columns(['group_id', 'in_bin', 'updated_at', 'id']).execute();
  await db.schema.createIndex('topics_feed_title_idx').on('topics').columns(['group_id', 'in_bin', 'title', 'id']).execute();
  await db.schema.createIndex('topics_folder_idx').on('topics').columns(['folder_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('topics_common_idx').on('topics').columns(['company_id', 'group_id', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('topic_destinations')
    .addColumn('topic_id', 'integer', fk('topics'))
    .addColumn('group_id', 'integer', fk('groups'))
    .addPrimaryKeyConstraint('topic_destinations_pk', ['topic_id', 'group_id'])
    .execute();
  await db.schema.createIndex('topic_destinations_group_idx').on('topic_destinations').columns(['group_id', 'topic_id']).execute();

  for (const table of ['topic_reads', 'topic_likes', 'topic_favorites']) {
    await time(
      db.schema
        .createTable(table)
        .addColumn('topic_id', 'integer', fk('topics'))
        .addColumn('user_id', 'integer', fk('users'))
        .addPrimaryKeyConstraint(`${table}_pk`, ['topic_id', 'user_id']),
      'created_at',
    ).execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'topic_id']).execute();
  }

  let comments = withId(db.schema.createTable('topic_comments'), d)
    .addColumn('topic_id', 'integer', fk('topics'))
    .addColumn('parent_id', 'integer', (c) => c.references('topic_comments.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', userRef)
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('content_text', 'text', (c) => c.notNull());
  comments = flag(flag(comments, 'is_anonymous', 0), 'is_deleted', 0);
  comments = time(time(comments, 'created_at'), 'updated_at');
  await comments.execute();
  await db.schema.createIndex('topic_comments_topic_idx').on('topic_comments').columns(['topic_id', 'parent_id', 'id']).execute();

  await time(
    db.schema
      .createTable('topic_comment_likes')
      .addColumn('comment_id', 'integer', fk('topic_comments'))
      .addColumn('user_id', 'integer', fk('users'))
      .addPrimaryKeyConstraint('topic_comment_likes_pk', ['comment_id', 'user_id']),
    'created_at',
  ).execute();

  // One row per locked topic; the token names the editor session that holds it.
  await time(
    db.schema
      .createTable('topic_locks')
      .addColumn('topic_id', 'integer', (c) => c.primaryKey().references('topics.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', fk('users'))
      .addColumn('token', 'varchar(64)', (c) => c.notNull()),
    'expires_at',
  ).execute();

  let jobs = withId(db.schema.createTable('jobs'), d)
    .addColumn('kind', 'varchar(50)', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    // Set while the job is pending so the same work cannot be queued twice; null once done.
    .addColumn('dedupe_key', 'varchar(100)', (c) => c.unique())
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text');
  jobs = time(time(time(time(jobs, 'run_at'), 'claimed_at', true), 'done_at', true), 'created_at');
  await jobs.execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['done_at', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'jobs',
    'topic_locks',
    'topic_comment_likes',
    'topic_comments',
    'topic_favorites',
    'topic_likes',
    'topic_reads',
    'topic_destinations',
    'topics',
    'content_folders',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
