import { sql, type Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Calendar events and equipment booking.
 *
 * A repeating event is one row holding its rule; occurrences are computed on read for the asked
 * window (Asia/Tokyo dates). A deleted or edited occurrence is a row in
 * `calendar_event_exceptions`. `range_end` is the end of the last possible occurrence (a far
 * future value for an indefinite repeat) so a window query is one range test on both engines.
 *
 * Equipment bookings are one row per booked occurrence: the database itself must refuse an
 * overlap, which needs concrete intervals. PostgreSQL: an exclusion constraint over equipment
 * id and the time range (btree_gist). SQLite has none, so the service checks and inserts inside
 * one BEGIN IMMEDIATE transaction (the write lock is taken before the check).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);

  await db.schema.alterTable('group_equipments').addColumn('opening_time', 'varchar(5)').execute();
  await db.schema.alterTable('group_equipments').addColumn('closing_time', 'varchar(5)').execute();

  let events = withId(db.schema.createTable('calendar_events'), d)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('updater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('title_ja', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('title_en', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plan_type', 'integer', (c) => c.notNull())
    .addColumn('repeat_type', 'integer')
    .addColumn('every_week_day', 'varchar(20)')
    .addColumn('every_month_day', 'integer')
    .addColumn('deadline_type', 'integer')
    .addColumn('end_deadline', 'varchar(10)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('range_end', 'bigint', (c) => c.notNull())
    .addColumn('event_color', 'varchar(7)', (c) => c.notNull().defaultTo('#FFFFFF'))
    .addColumn('share_type', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'));
  events = flag(events, 'accept_member_change_plan', 0);
  await time(time(events, 'created_at'), 'updated_at').execute();
  await db.schema
    .createIndex('calendar_events_window_idx')
    .on('calendar_events')
    .columns(['company_id', 'starts_at', 'range_end'])
    .execute();
  await db.schema.createIndex('calendar_events_group_idx').on('calendar_events').columns(['group_id', 'starts_at']).execute();
  await db.schema.createIndex('calendar_events_creator_idx').on('calendar_events').columns(['creator_id', 'starts_at']).execute();

  await db.schema
    .createTable('calendar_event_members')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_event_members_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('calendar_event_members_user_idx').on('calendar_event_members').columns(['user_id', 'event_id']).execute();

  let exceptions = withId(db.schema.createTable('calendar_event_exceptions'), d)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)')
    .addColumn('title_ja', 'varchar(255)')
    .addColumn('title_en', 'varchar(255)')
    .addColumn('memo', 'text')
    .addColumn('event_color', 'varchar(7)')
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint');
  exceptions = flag(exceptions, 'is_deleted', 0);
  await exceptions.addUniqueConstraint('calendar_event_exceptions_uq', ['event_id', 'occurrence_date']).execute();

  await db.schema
    .createTable('calendar_event_equipments')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('group_equipments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('calendar_event_equipments_pk', ['event_id', 'equipment_id'])
    .execute();

  await withId(db.schema.createTable('equipment_bookings'), d)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('group_equipments.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('equipment_bookings_positive', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('equipment_bookings_slot_idx')
    .on('equipment_bookings')
    .columns(['equipment_id', 'starts_at', 'ends_at'])
    .execute();
  await db.schema.createIndex('equipment_bookings_event_idx').on('equipment_bookings').columns(['event_id', 'occurrence_date']).execute();
  if (d === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
    await sql`ALTER TABLE equipment_bookings ADD CONSTRAINT equipment_bookings_no_overlap
      EXCLUDE USING gist (equipment_id WITH =, int8range(starts_at, ends_at) WITH &&)`.execute(db);
  }

  for (const table of ['calendar_event_reads', 'calendar_event_favorites']) {
    await time(
      db.schema
        .createTable(table)
        .addColumn('event_id', 'integer', (c) => c.notNull().references('calendar_events.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint(`${table}_pk`, ['event_id', 'user_id']),
      'created_at',
    ).execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'event_id']).execute();
  }

  // Personal iCalendar feed: one secret per user, stored as its SHA-256 hash.
  await time(
    db.schema
      .createTable('calendar_feed_tokens')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique()),
    'created_at',
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'calendar_feed_tokens',
    'calendar_event_favorites',
    'calendar_event_reads',
    'equipment_bookings',
    'calendar_event_equipments',
    'calendar_event_exceptions',
    'calendar_event_members',
    'calendar_events',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('group_equipments').dropColumn('closing_time').execute();
  await db.schema.alterTable('group_equipments').dropColumn('opening_time').execute();
}
