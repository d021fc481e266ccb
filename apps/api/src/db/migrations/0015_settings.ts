import { sql, type Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Settings: personal information and the avatar's stored files beside the user row,
 * one-use links that /verify applies (e-mail changes, registrations by an administrator), the
 * help center / terms / policy articles of a company, and linked LINE accounts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const user = (c: any) => c.notNull().references('users.id').onDelete('cascade');

  let profiles = db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday_year', 'integer')
    .addColumn('birthday_month', 'integer')
    .addColumn('birthday_day', 'integer');
  profiles = flag(flag(profiles, 'birthday_option', 0), 'prefecture_option', 0);
  for (const col of ['second_email', 'third_email']) {
    profiles = profiles.addColumn(col, 'varchar(100)', (c) => c.notNull().defaultTo(''));
  }
  for (const col of ['nearest_station', 'zipcode', 'prefecture', 'city', 'other_address', 'building_name']) {
    profiles = profiles.addColumn(col, 'varchar(255)', (c) => c.notNull().defaultTo(''));
  }
  profiles = profiles
    // JSON arrays of strings: at most three each, always read and written whole.
    .addColumn('phones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('avatar_storage_key', 'varchar(200)')
    .addColumn('avatar_small_storage_key', 'varchar(200)');
  await time(profiles, 'updated_at').execute();

  let verify = withId(db.schema.createTable('verify_tokens'), d)
    .addColumn('user_id', 'integer', user)
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().check(sql`purpose in ('email_change', 'register')`))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('new_email', 'varchar(100)')
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('register_type', 'integer');
  verify = time(time(time(verify, 'expires_at'), 'used_at', true), 'created_at');
  await verify.execute();
  await db.schema.createIndex('verify_tokens_user_idx').on('verify_tokens').columns(['user_id', 'purpose']).execute();

  let articles = withId(db.schema.createTable('help_articles'), d)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('help', 'terms', 'policy')`))
    .addColumn('title_ja', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_ja', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    // Both titles normalised for the title search (see text/search.ts).
    .addColumn('title_search', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'));
  articles = time(time(articles, 'created_at'), 'updated_at');
  await articles.execute();
  await db.schema.createIndex('help_articles_company_idx').on('help_articles').columns(['company_id', 'kind', 'sort_order']).execute();

  await time(
    db.schema
      .createTable('line_accounts')
      .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
      .addColumn('line_sub', 'varchar(100)', (c) => c.notNull().unique()),
    'linked_at',
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['line_accounts', 'help_articles', 'verify_tokens', 'user_profiles']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
