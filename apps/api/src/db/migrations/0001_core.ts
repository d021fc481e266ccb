import { sql, type Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/** Companies, users, auth tokens, password resets, settings, device tokens, groups, members. */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  const fk = (table: string) => (c: any) => c.notNull().references(`${table}.id`).onDelete('cascade');

  let companies = withId(db.schema.createTable('companies'), d)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kana', 'varchar(200)', (c) => c.notNull().defaultTo(''));
  companies = time(time(companies, 'created_at'), 'updated_at');
  await companies.execute();

  let users = withId(db.schema.createTable('users'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('employee_number', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name_kana', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name_kana', 'varchar(100)', (c) => c.notNull().defaultTo(''));
  users = flag(flag(flag(users, 'is_company_admin', 0), 'common_topic_role', 0), 'must_reset_password', 0);
  users = users
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'left')`))
    .addColumn('self_introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_option', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar_path', 'varchar(500)')
    .addColumn('avatar_small_path', 'varchar(500)')
    .addColumn('avatar_file_name', 'varchar(255)')
    .addColumn('company_info_display_option', 'integer', (c) => c.notNull().defaultTo(0));
  for (const col of ['department', 'job_title', 'zipcode', 'prefecture', 'city', 'other_address', 'building_name', 'phone', 'url']) {
    users = users.addColumn(col, 'varchar(255)', (c) => c.notNull().defaultTo(''));
  }
  users = time(time(users, 'created_at'), 'updated_at');
  await users.execute();
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

  let tokens = withId(db.schema.createTable('auth_tokens'), d)
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('family', 'varchar(64)', (c) => c.notNull());
  tokens = time(time(time(tokens, 'expires_at'), 'last_used_at', true), 'created_at');
  await tokens.execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();
  await db.schema.createIndex('auth_tokens_family_idx').on('auth_tokens').column('family').execute();

  let resets = withId(db.schema.createTable('password_resets'), d)
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique());
  resets = time(time(time(resets, 'expires_at'), 'used_at', true), 'created_at');
  await resets.execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await time(
    withId(db.schema.createTable('user_settings'), d)
      .addColumn('user_id', 'integer', fk('users'))
      .addColumn('section', 'varchar(50)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addUniqueConstraint('user_settings_user_section_uq', ['user_id', 'section']),
    'updated_at',
  ).execute();

  await time(
    withId(db.schema.createTable('device_tokens'), d)
      .addColumn('user_id', 'integer', fk('users'))
      // A push token identifies one browser; whoever logs in there last owns it.
      .addColumn('token', 'varchar(4096)', (c) => c.notNull().unique())
      .addColumn('unread_counter', 'integer', (c) => c.notNull().defaultTo(0)),
    'updated_at',
  ).execute();
  await db.schema.createIndex('device_tokens_user_idx').on('device_tokens').column('user_id').execute();

  let groups = withId(db.schema.createTable('groups'), d)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('group_link', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('letter_color', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_image', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('icon_image_path', 'varchar(500)')
    .addColumn('icon_image_small_path', 'varchar(500)')
    .addColumn('header_image', 'varchar(500)')
    .addColumn('auto_delete_day', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('max_img_size_per_attachment', 'integer', (c) => c.notNull().defaultTo(25))
    .addColumn('storage_capacity_gb', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('storage_used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('groups_company_name_uq', ['company_id', 'name']);
  groups = flag(groups, 'is_stopped', 0);
  groups = time(time(groups, 'created_at'), 'updated_at');
  await groups.execute();

  let members = db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', fk('groups'))
    .addColumn('user_id', 'integer', fk('users'));
  for (const role of ['role_admin', 'role_invite', 'role_edit_shared_folder', 'role_edit_topic']) {
    members = flag(members, role, 0);
  }
  members = time(flag(members, 'can_notify', 1), 'joined_at').addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id']);
  await members.execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['group_members', 'groups', 'device_tokens', 'user_settings', 'password_resets', 'auth_tokens', 'users', 'companies']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
