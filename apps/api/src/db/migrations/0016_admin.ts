import type { Kysely } from 'kysely';
import { dialectOf, time, withId } from '../dialect';

/**
 * Company administration:
 * - audit_events: the append-only audit trail. No foreign keys to users or groups, so an entry
 *   outlives what it names (labels are copied in); only the retention sweep deletes rows.
 * - admin_imports: an employee CSV import between preview and apply; the parsed rows are kept so
 *   an interrupted apply can be started again without uploading the file again.
 * - companies.audit_retention_days: how long the trail is kept (default one year; an
 *   administrator can change it, 30 to 3650 days).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  let audit = withId(db.schema.createTable('audit_events'), d)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'integer')
    .addColumn('target_label', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''));
  audit = time(audit, 'created_at');
  await audit.execute();
  await db.schema.createIndex('admin_audit_company_time_idx').on('audit_events').columns(['company_id', 'created_at']).execute();
  await db.schema
    .createIndex('admin_audit_company_action_idx')
    .on('audit_events')
    .columns(['company_id', 'action', 'created_at'])
    .execute();

  let imports = withId(db.schema.createTable('admin_imports'), d)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('encoding', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('rows_json', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('changed', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('error', 'text');
  imports = time(time(imports, 'created_at'), 'updated_at');
  await imports.execute();
  await db.schema.createIndex('admin_imports_company_idx').on('admin_imports').columns(['company_id', 'id']).execute();

  await db.schema
    .alterTable('companies')
    .addColumn('audit_retention_days', 'integer', (c) => c.notNull().defaultTo(365))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('audit_retention_days').execute();
  await db.schema.dropTable('admin_imports').ifExists().execute();
  await db.schema.dropTable('audit_events').ifExists().execute();
}
