import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { createDb, type DB } from '../../db';

/**
 * Remote publish and rollback are deployment operations (files under DATA_DIR, run by an operator
 * from the CLI), not a company's: every company's trail gets the entry, with no actor. The files
 * and the database cannot share a transaction, so the entry is written right after the switch.
 */
export async function auditDeployment(db: Kysely<DB>, now: number, action: 'remote.published' | 'remote.rolled_back', remote: string, detail: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const companies = await trx.selectFrom('companies').select('id').execute();
    if (companies.length === 0) return 0;
    await trx
      .insertInto('audit_events')
      .values(companies.map((c) => ({ company_id: c.id, actor_id: null, actor_name: 'CLI', action, target_type: 'remote', target_id: null, target_label: remote, detail, ip: '', created_at: now })))
      .execute();
    return companies.length;
  });
}

/** For the CLI: opens the database, writes the entry, and never fails the deploy over it. */
export async function auditDeploymentFromCli(config: Config, action: 'remote.published' | 'remote.rolled_back', remote: string, detail: string): Promise<void> {
  // A deploy before the first start has no database yet, and no company to tell.
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'portal.sqlite'))) return;
  const database = createDb(config);
  try {
    await auditDeployment(database.db, config.now(), action, remote, detail);
  } catch (e) {
    console.warn(`audit trail not written (${(e as Error).message}); the deploy itself succeeded`);
  } finally {
    await database.destroy();
  }
}
