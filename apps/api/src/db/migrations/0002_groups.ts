import { sql, type Kysely } from 'kysely';
import { dialectOf, time, withId } from '../dialect';

/**
 * Groups: invitation setting and tags on groups, per-user folder and order on memberships,
 * user group folders, mail invitations, join requests and equipment. The group's invite link is
 * `groups.group_link` itself: re-issuing it replaces the value, so the old link stops resolving.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');

  // SQLite adds one column per ALTER TABLE statement.
  await db.schema
    .alterTable('groups')
    .addColumn('invite_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('groups')
    .addColumn('group_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await time(
    time(
      withId(db.schema.createTable('user_group_folders'), d)
        .addColumn('user_id', 'integer', fk('users'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('memo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
      'created_at',
    ),
    'updated_at',
  ).execute();
  await db.schema.createIndex('user_group_folders_user_idx').on('user_group_folders').column('user_id').execute();

  await db.schema
    .alterTable('group_members')
    .addColumn('folder_id', 'integer', (c) => c.references('user_group_folders.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('group_members')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let invitations = withId(db.schema.createTable('group_invitations'), d)
    .addColumn('group_id', 'integer', fk('groups'))
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('unique_url', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().defaultTo('invited').check(sql`status in ('invited', 'cancelled', 'superseded', 'accepted')`),
    );
  invitations = time(time(time(invitations, 'expires_at'), 'created_at'), 'updated_at');
  await invitations.execute();
  await db.schema.createIndex('group_invitations_group_idx').on('group_invitations').columns(['group_id', 'email']).execute();

  let requests = withId(db.schema.createTable('group_join_requests'), d)
    .addColumn('group_id', 'integer', fk('groups'))
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('invitation_id', 'integer', (c) => c.references('group_invitations.id').onDelete('set null'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved')`))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('group_join_requests_group_user_uq', ['group_id', 'user_id']);
  requests = time(time(requests, 'created_at'), 'decided_at', true);
  await requests.execute();

  await time(
    time(
      withId(db.schema.createTable('group_equipments'), d)
        .addColumn('group_id', 'integer', fk('groups'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull()),
      'created_at',
    ),
    'updated_at',
  ).execute();
  await db.schema.createIndex('group_equipments_group_idx').on('group_equipments').column('group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['group_equipments', 'group_join_requests', 'group_invitations']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('group_members').dropColumn('display_order').execute();
  await db.schema.alterTable('group_members').dropColumn('folder_id').execute();
  await db.schema.dropTable('user_group_folders').ifExists().execute();
  await db.schema.alterTable('groups').dropColumn('group_tags').execute();
  await db.schema.alterTable('groups').dropColumn('invite_permission').execute();
}
