import type { AuditAction, AuditRow } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { containsPattern } from '../../text/search';

/** The audit trail's reading side: the list, the CSV and the retention sweep (kernel/audit.ts writes it). */
const DAY = 86_400_000;

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  from?: number;
  to?: number;
}

function filtered(ctx: AppContext, companyId: number, f: AuditFilter) {
  let q = ctx.db.selectFrom('audit_events').where('company_id', '=', companyId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  const who = f.actor?.trim();
  if (who) {
    // Who: the actor's or the target's name or employee number, as copied into the entry.
    const pattern = containsPattern(who.normalize('NFKC').toLowerCase());
    q = q.where(
      sql<boolean>`(lower(${sql.ref('actor_name')}) like ${pattern} escape '\\' or lower(${sql.ref('target_label')}) like ${pattern} escape '\\')`,
    );
  }
  return q;
}

export async function listAudit(ctx: AppContext, companyId: number, f: AuditFilter, page: number, limit: number) {
  const base = filtered(ctx, companyId, f);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const n = Number(total);
  return { data: rows.map(toRow), current_page: page, last_page: Math.max(1, Math.ceil(n / limit)), total: n };
}

/** Every matching entry, newest first, in chunks (an export of a year's trail stays bounded). */
export async function* allAudit(ctx: AppContext, companyId: number, f: AuditFilter): AsyncGenerator<AuditRow> {
  let before: number | null = null;
  for (;;) {
    let q = filtered(ctx, companyId, f).selectAll();
    if (before !== null) q = q.where('id', '<', before);
    const rows = await q.orderBy('id', 'desc').limit(1000).execute();
    for (const r of rows) yield toRow(r);
    if (rows.length < 1000) return;
    before = rows[rows.length - 1]!.id;
  }
}

function toRow(r: {
  id: number;
  created_at: number;
  action: string;
  actor_id: number | null;
  actor_name: string;
  target_type: string;
  target_id: number | null;
  target_label: string;
  detail: string;
  ip: string;
}): AuditRow {
  return {
    id: r.id,
    created_at: Number(r.created_at),
    action: r.action as AuditAction,
    actor_id: r.actor_id,
    actor_name: r.actor_name,
    target_type: r.target_type,
    target_id: r.target_id,
    target_label: r.target_label,
    detail: r.detail,
    ip: r.ip,
  };
}

/** Deletes entries older than each company's retention period; the only deletion there is. */
export async function sweepAudit(ctx: AppContext): Promise<number> {
  const companies = await ctx.db.selectFrom('companies').select(['id', 'audit_retention_days']).execute();
  let removed = 0;
  for (const c of companies) {
    const cutoff = ctx.now() - c.audit_retention_days * DAY;
    const res = await ctx.db.deleteFrom('audit_events').where('company_id', '=', c.id).where('created_at', '<', cutoff).executeTakeFirst();
    removed += Number(res.numDeletedRows ?? 0);
  }
  return removed;
}
