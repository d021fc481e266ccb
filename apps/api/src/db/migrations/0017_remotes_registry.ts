import { sql, type Kysely } from 'kysely';
import { dialectOf, flag, time, withId } from '../dialect';

/**
 * Remote registry: which build of each remote is live, every build ever
 * published and the publish/rollback history, in the database every API process shares, so a
 * publish or rollback on one node reaches all of them. Build files stay in DATA_DIR/remotes (a
 * shared folder) or on any URL (`entry` absolute, e.g. a CDN).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  let versions = db.schema
    .createTable('remote_versions')
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'varchar(100)', (c) => c.notNull())
    // Relative (/remotes/<name>/<version>/mf-manifest.json, served from DATA_DIR) or absolute.
    .addColumn('entry', 'varchar(1000)', (c) => c.notNull())
    // The build's shared singletons (JSON), so a rollback checks skew without reading the build.
    .addColumn('shared_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('remotes_versions_pk', ['name', 'version']);
  versions = time(versions, 'created_at');
  await versions.execute();

  let current = db.schema
    .createTable('remote_current')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(100)', (c) => c.notNull());
  current = time(flag(current, 'pinned', 0), 'updated_at');
  await current.execute();

  let history = withId(db.schema.createTable('remote_history'), d)
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull().check(sql`action in ('publish', 'rollback')`))
    .addColumn('version', 'varchar(100)', (c) => c.notNull())
    .addColumn('previous', 'varchar(100)');
  history = time(history, 'at');
  await history.execute();
  await db.schema.createIndex('remotes_history_name_idx').on('remote_history').columns(['name', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['remote_history', 'remote_current', 'remote_versions']) await db.schema.dropTable(t).execute();
}
