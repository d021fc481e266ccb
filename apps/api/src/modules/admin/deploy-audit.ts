import type { Kysely } from 'kysely';
import type { AuditAction } from '@portal/api-client';
import type { DB } from '../../db';

/**
 * Remote publish and rollback are deployment operations (run by an operator from the CLI), not a company's: every company's trail gets the entry, with no actor. The files
 * and the database cannot share a transaction, so the entry is written right after the switch.
 */
export type DeployAction = Extract<AuditAction, `remote.${string}`>;

export async function auditDeployment(
  db: Kysely<DB>,
  now: number,
  action: DeployAction,
  remote: string,
  detail: string,
  actorName = 'CLI',
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const companies = await trx.selectFrom('companies').select('id').execute();
    if (companies.length === 0) return 0;
    await trx
      .insertInto('audit_events')
      .values(
        companies.map((c) => ({
          company_id: c.id,
          actor_id: null,
          actor_name: actorName,
          action,
          target_type: 'remote',
          target_id: null,
          target_label: remote,
          detail,
          ip: '',
          created_at: now,
        })),
      )
      .execute();
    return companies.length;
  });
}
