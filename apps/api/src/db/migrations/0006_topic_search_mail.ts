import type { Kysely } from 'kysely';
import { normalizeForSearch } from '../../text/search';
import { time } from '../dialect';

const BATCH = 500;

/**
 * Topic title filter and once-only emergency mail.
 * - topics.title_search: the title normalised for Japanese-aware matching (normalizeForSearch),
 *   written with every title so the feed filters with a plain LIKE inside its keyset query on both
 *   engines. Text, not varchar(255): NFKC can lengthen a title (㌀ → アパート).
 * - topic_mail_sends: one row per (topic, recipient, address) an emergency mail went to, so a
 *   retried or resumed delivery job never mails the same address twice for one topic.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('title_search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Existing titles, normalised in JS because neither engine has NFKC + kana folding in SQL.
  let after = 0;
  for (;;) {
    const rows: { id: number; title: string }[] = await db
      .selectFrom('topics')
      .select(['id', 'title'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      await db
        .updateTable('topics')
        .set({ title_search: normalizeForSearch(r.title) })
        .where('id', '=', r.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }

  await time(
    db.schema
      .createTable('topic_mail_sends')
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'varchar(255)', (c) => c.notNull())
      .addPrimaryKeyConstraint('topic_mail_sends_pk', ['topic_id', 'user_id', 'email']),
    'created_at',
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_mail_sends').ifExists().execute();
  await db.schema.alterTable('topics').dropColumn('title_search').execute();
}
