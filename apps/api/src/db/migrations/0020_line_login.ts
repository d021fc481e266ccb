import { sql, type Kysely } from 'kysely';
import { time } from '../dialect';

/**
 * Theme images: one uploaded picture per slot of a user's theme (the
 * navigation, banner, main area, page titles and the header), stored re-encoded as WebP.
 *
 * LINE login: one row per authorisation request sent to LINE. The state is stored
 * hashed with its nonce, PKCE verifier and the hash of the browser-binding cookie; a row is
 * deleted when its callback is answered, so a replayed state finds nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let states = db.schema
    .createTable('line_login_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('mode', 'varchar(10)', (c) => c.notNull().check(sql`mode in ('login', 'link')`))
    // The employee linking their LINE account (mode link); null for a login.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'));
  states = time(time(states, 'expires_at'), 'created_at');
  await states.execute();
  await db.schema.createIndex('line_login_states_expires_idx').on('line_login_states').column('expires_at').execute();

  await time(
    db.schema
      .createTable('user_theme_images')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('slot', 'varchar(10)', (c) => c.notNull().check(sql`slot in ('nav', 'banner', 'main', 'title', 'header')`))
      .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_theme_images_pk', ['user_id', 'slot']),
    'updated_at',
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_theme_images').ifExists().execute();
  await db.schema.dropTable('line_login_states').ifExists().execute();
}
