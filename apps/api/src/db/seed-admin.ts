import type { Kysely } from 'kysely';
import type { DB } from './types';

/**
 * A few audit trail entries for the demo company, so the administration screen's
 * audit tab is not empty on a fresh demo. Added once: a second seed run finds them and stops.
 */
export async function seedDemoAudit(
  trx: Kysely<DB>,
  opts: { companyId: number; userIds: Map<number, number>; groupIds: Map<string, number>; now: number },
): Promise<void> {
  const any = await trx.selectFrom('audit_events').select('id').where('company_id', '=', opts.companyId).limit(1).executeTakeFirst();
  if (any) return;
  const adminId = opts.userIds.get(1)!;
  const label = async (id: number) => {
    const u = await trx
      .selectFrom('users')
      .select(['last_name', 'first_name', 'employee_number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return `${u.last_name} ${u.first_name} (${u.employee_number})`;
  };
  const admin = await label(adminId);
  const day = 86_400_000;
  const rows: { action: string; target_type: string; target_id: number | null; target_label: string; detail: string; at: number }[] = [];
  let i = 0;
  for (const [name, id] of opts.groupIds)
    rows.push({
      action: 'group.created',
      target_type: 'group',
      target_id: id,
      target_label: name,
      detail: '',
      at: opts.now - 30 * day + i++ * 60_000,
    });
  for (const [index, id] of [...opts.userIds].slice(1, 4)) {
    rows.push({
      action: 'employee.created',
      target_type: 'user',
      target_id: id,
      target_label: await label(id),
      detail: `demo #${index}`,
      at: opts.now - 29 * day + i++ * 60_000,
    });
  }
  rows.push({
    action: 'capacity.changed',
    target_type: 'company',
    target_id: opts.companyId,
    target_label: 'company',
    detail: 'capacity_gb: 100 → 100',
    at: opts.now - 7 * day,
  });
  rows.push({ action: 'auth.login', target_type: 'user', target_id: adminId, target_label: admin, detail: '', at: opts.now - day });
  await trx
    .insertInto('audit_events')
    .values(
      rows.map((r) => ({
        company_id: opts.companyId,
        actor_id: adminId,
        actor_name: admin,
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        target_label: r.target_label,
        detail: r.detail,
        ip: '',
        created_at: r.at,
      })),
    )
    .execute();
}
