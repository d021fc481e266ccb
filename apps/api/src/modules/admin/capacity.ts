import type { AppContext, AuthUser } from '../../kernel';
import { writeTransaction } from '../../db/write';
import { HttpError } from '../../http/errors';
import { usageOf } from '../files';
import { writeAudit } from '../../kernel';

const usage = (capacityGb: number, used: number) => {
  const u = usageOf(capacityGb, used);
  return { capacity_gb: capacityGb, used_bytes: u.used_bytes, percent: u.percent, warning: u.warning, full: u.full };
};

export async function capacityOverview(ctx: AppContext, companyId: number) {
  const company = await ctx.db
    .selectFrom('companies')
    .select(['storage_capacity_gb', 'storage_used_bytes', 'audit_retention_days'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const groups = await ctx.db
    .selectFrom('groups')
    .select(['id', 'name', 'storage_capacity_gb', 'storage_used_bytes', 'max_img_size_per_attachment', 'is_stopped'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .execute();
  return {
    company: usage(company.storage_capacity_gb, Number(company.storage_used_bytes)),
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      ...usage(g.storage_capacity_gb, Number(g.storage_used_bytes)),
      max_img_size_per_attachment: g.max_img_size_per_attachment,
      is_stopped: Number(g.is_stopped) === 1,
    })),
    audit_retention_days: company.audit_retention_days,
  };
}

/**
 * Capacities may be set below current use: uploads are then refused (the "full" state) until
 * files are removed, but nothing stored is touched. Company row first, as quota.ts locks.
 */
export async function setCompanyCapacity(
  ctx: AppContext,
  actor: AuthUser,
  body: { capacity_gb?: number; audit_retention_days?: number },
  ip: string,
): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    let q = trx.selectFrom('companies').select(['storage_capacity_gb', 'audit_retention_days', 'name']).where('id', '=', actor.companyId);
    if (ctx.dialect === 'postgres') q = q.forNoKeyUpdate();
    const before = await q.executeTakeFirstOrThrow();
    const notes: string[] = [];
    if (body.capacity_gb !== undefined && body.capacity_gb !== before.storage_capacity_gb)
      notes.push(`capacity_gb: ${before.storage_capacity_gb} → ${body.capacity_gb}`);
    if (body.audit_retention_days !== undefined && body.audit_retention_days !== before.audit_retention_days)
      notes.push(`audit_retention_days: ${before.audit_retention_days} → ${body.audit_retention_days}`);
    if (notes.length === 0) return;
    await trx
      .updateTable('companies')
      .set({
        storage_capacity_gb: body.capacity_gb ?? before.storage_capacity_gb,
        audit_retention_days: body.audit_retention_days ?? before.audit_retention_days,
        updated_at: ctx.now(),
      })
      .where('id', '=', actor.companyId)
      .execute();
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'capacity.changed',
      targetType: 'company',
      targetId: actor.companyId,
      targetLabel: before.name,
      detail: notes.join(', '),
      ip,
    });
  });
}

export async function setGroupCapacity(
  ctx: AppContext,
  actor: AuthUser,
  groupId: number,
  body: { capacity_gb?: number; max_img_size_per_attachment?: number },
  ip: string,
): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    if (ctx.dialect === 'postgres')
      await trx.selectFrom('companies').select('id').where('id', '=', actor.companyId).forNoKeyUpdate().execute();
    let q = trx
      .selectFrom('groups')
      .select(['id', 'name', 'storage_capacity_gb', 'max_img_size_per_attachment'])
      .where('id', '=', groupId)
      .where('company_id', '=', actor.companyId);
    if (ctx.dialect === 'postgres') q = q.forNoKeyUpdate();
    const g = await q.executeTakeFirst();
    if (!g) throw new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist.');
    const notes: string[] = [];
    if (body.capacity_gb !== undefined && body.capacity_gb !== g.storage_capacity_gb)
      notes.push(`capacity_gb: ${g.storage_capacity_gb} → ${body.capacity_gb}`);
    if (body.max_img_size_per_attachment !== undefined && body.max_img_size_per_attachment !== g.max_img_size_per_attachment) {
      notes.push(`max_img_size_per_attachment: ${g.max_img_size_per_attachment} → ${body.max_img_size_per_attachment}`);
    }
    if (notes.length === 0) return;
    await trx
      .updateTable('groups')
      .set({
        storage_capacity_gb: body.capacity_gb ?? g.storage_capacity_gb,
        max_img_size_per_attachment: body.max_img_size_per_attachment ?? g.max_img_size_per_attachment,
        updated_at: ctx.now(),
      })
      .where('id', '=', groupId)
      .execute();
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'capacity.changed',
      targetType: 'group',
      targetId: groupId,
      targetLabel: g.name,
      detail: notes.join(', '),
      ip,
    });
  });
}
