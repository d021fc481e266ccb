import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest } from '../db';
import { databaseUrlOf, pgAdmin } from './pg-admin';

/**
 * The API suite's global setup (vitest.config.ts): every migration runs once per `vitest run`,
 * into a SQLite file and a PostgreSQL database, and each test app starts from a copy of them
 * (harness.ts: the file copied, `CREATE DATABASE … TEMPLATE`) instead of migrating its own
 * empty database. Migrating took most of a test app's start on a busy 2-core machine, and the
 * suite makes several hundred apps. The migrations themselves still run on both databases at
 * every run (here, where a failing one fails the run), and the apps' own start still runs the
 * migrator, which finds nothing left to do. The templates are this run's own (a random name),
 * so runs of other worktrees on the same server never share or drop each other's.
 *
 * The names reach the test workers through the environment, which they inherit.
 */
export const PG_TEMPLATE_ENV = 'PORTAL_TEST_PG_TEMPLATE';
export const SQLITE_TEMPLATE_ENV = 'PORTAL_TEST_SQLITE_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-template-'));
  const sqlite = createDb({ dataDir: dir, databaseUrl: undefined });
  try {
    await migrateToLatest(sqlite.db);
  } finally {
    // Closing checkpoints the WAL into the file, so the file alone is the whole database.
    await sqlite.destroy();
  }
  process.env[SQLITE_TEMPLATE_ENV] = path.join(dir, 'portal.sqlite');

  const name = `portal_tpl_${randomBytes(6).toString('hex')}`;
  try {
    await pgAdmin(`CREATE DATABASE ${name}`);
  } catch (err) {
    // Without PostgreSQL (a developer running SQLite-only files) the PostgreSQL tests fail on
    // their own, as before; the SQLite ones still use their template.
    console.warn(`API tests: no PostgreSQL template (${(err as Error).message})`);
    return () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
  }
  const db = createDb({ dataDir: dir, databaseUrl: databaseUrlOf(name), databasePoolMax: 1 });
  try {
    await migrateToLatest(db.db);
  } catch (err) {
    await db.destroy();
    await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
  // A template must have no connection left when it is copied.
  await db.destroy();
  process.env[PG_TEMPLATE_ENV] = name;

  return async () => {
    await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
