import type { Kysely } from 'kysely';

/**
 * Canary remotes: a remote may offer a second build (the canary) to a share of users beside the
 * stable one (`remote_current.version`), each build carries the SHA-384 of its entry script (the
 * shell refuses a script that does not match), and the shell's reports of loads and errors are
 * counted per build, so a canary that fails more than the stable build is withdrawn by itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remote_current').addColumn('canary_version', 'varchar(100)').execute();
  // Percent of signed-in users (1–99) offered the canary; 0 without one.
  await db.schema
    .alterTable('remote_current')
    .addColumn('canary_share', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('remote_current').addColumn('canary_started_at', 'bigint').execute();
  // `sha384-<base64>` of remoteEntry.js, computed at publish; null for builds registered before.
  await db.schema.alterTable('remote_versions').addColumn('integrity', 'varchar(200)').execute();

  // Counted since the remote's current canary began (both builds start from zero then), so the
  // two error rates compare the same period.
  await db.schema
    .createTable('remote_health')
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'varchar(100)', (c) => c.notNull())
    .addColumn('loads', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_health_pk', ['name', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_health').execute();
  await db.schema.alterTable('remote_versions').dropColumn('integrity').execute();
  for (const c of ['canary_started_at', 'canary_share', 'canary_version'])
    await db.schema.alterTable('remote_current').dropColumn(c).execute();
}
