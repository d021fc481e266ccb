import { sql, type Kysely } from 'kysely';
import { dialectOf, time, withId } from '../dialect';

/**
 * Japanese full-text search (ARCHITECTURE section 4). `search_docs` holds one row per
 * indexed field (chunk) of a topic, comment, file, chat message or calendar event; the bigram
 * tokens of its normalised text live in an FTS5 table (SQLite, rowid = search_docs.id) or in a
 * GIN-indexed tsvector column (PostgreSQL). The index starts empty here: `npm run search --
 * reindex` (or the first start, see search/reindex.ts) fills it from existing rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('search_docs'), d)
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'integer', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addUniqueConstraint('search_docs_ref_uq', ['kind', 'ref_id', 'field', 'chunk'])
    .execute();
  if (d === 'postgres') {
    await sql`ALTER TABLE search_docs ADD COLUMN tsv tsvector NOT NULL`.execute(db);
    await sql`CREATE INDEX search_docs_tsv_idx ON search_docs USING gin (tsv)`.execute(db);
  } else {
    // Contentless: the tokens are only needed in the index (snippets come from the source rows).
    // prefix='4' indexes the first code point of every bigram, which answers 1-character words.
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(grams, content='', contentless_delete=1, prefix='4', tokenize='ascii')`.execute(
      db,
    );
  }

  // The uploader data kind finds rows by their author: index-backed like the text.
  await db.schema.createIndex('topics_author_updated_idx').on('topics').columns(['author_id', 'updated_at']).execute();
  await db.schema.createIndex('topic_comments_author_idx').on('topic_comments').columns(['author_id', 'created_at']).execute();
  await db.schema.createIndex('files_uploader_idx').on('files').columns(['uploader_id', 'updated_at']).execute();

  // Saved searches: the /search-result query string; hits newer than last_seen_at are "new".
  await time(
    time(
      withId(db.schema.createTable('saved_searches'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(300)', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull()),
      'last_seen_at',
    ),
    'created_at',
  ).execute();
  await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_searches').ifExists().execute();
  for (const index of ['topics_author_updated_idx', 'topic_comments_author_idx', 'files_uploader_idx'])
    await db.schema.dropIndex(index).ifExists().execute();
  if (dialectOf(db) === 'sqlite') await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await db.schema.dropTable('search_docs').ifExists().execute();
}
