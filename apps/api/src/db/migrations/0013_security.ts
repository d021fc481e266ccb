import type { Kysely } from 'kysely';
import { dialectOf, time, withId } from '../dialect';

/**
 * Security hardening:
 * - setup_links: the one-time link that creates the first company administrator on a real
 *   deployment (no demo seed there, so no published password).
 * - auth_tokens.session_started_at: a login's absolute lifetime survives refresh rotation;
 *   auth_tokens.retired_at: a rotated refresh token stays as a tripwire (presenting it again
 *   revokes the whole login) until its family ends.
 * - users.pending_approval: registered through a group link, not yet approved by anyone.
 * - login_throttles: failed logins per IP and per account, with the delay they earned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  let links = withId(db.schema.createTable('setup_links'), d).addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique());
  links = time(time(time(links, 'expires_at'), 'used_at', true), 'created_at');
  await links.execute();

  await db.schema.alterTable('auth_tokens').addColumn('session_started_at', 'bigint').execute();
  await db.schema.alterTable('auth_tokens').addColumn('retired_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('pending_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let throttles = db.schema
    .createTable('login_throttles')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0));
  throttles = time(time(time(throttles, 'blocked_until'), 'first_failure_at'), 'last_failure_at');
  await throttles.execute();
  await db.schema.createIndex('login_throttles_last_idx').on('login_throttles').column('last_failure_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttles').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('pending_approval').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('retired_at').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('session_started_at').execute();
  await db.schema.dropTable('setup_links').ifExists().execute();
}
