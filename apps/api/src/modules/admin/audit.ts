import type { AuditAction, AuditRow } from '@portal/api-client';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db';
import { containsPattern } from '../../text/search';

export interface AuditEntry {
  companyId: number;
  action: AuditAction;
  /** Who did it; null for the system or an unknown login id. */
  actorId: number | null;
  /** The name shown for an entry without an actor id (e.g. 'system' for a scheduled job). */
  actorName?: string;
  targetType?: 'user' | 'group' | 'company' | 'import' | 'remote' | 'topic' | 'file' | '';
  targetId?: number | null;
  targetLabel?: string;
  /** A short, human-readable note (what changed); never a secret. */
  detail?: string;
  ip?: string;
}

const DAY = 86_400_000;

const displayName = (u: { last_name: string; first_name: string; employee_number: string }) =>
  `${`${u.last_name} ${u.first_name}`.trim() || 'User'} (${u.employee_number})`;

/**
 * Appends one audit entry inside the caller's transaction (`db` is the `trx`), so the entry and
 * the change commit or roll back together. Names are copied in: the trail reads the same after an
 * employee is renamed or retired.
 */
export async function writeAudit(ctx: AppContext, db: Kysely<DB>, e: AuditEntry): Promise<void> {
  await writeAuditMany(ctx, db, [e]);
}

/**
 * Several entries in one insert (a purge of hundreds of topics writes one per topic); each actor
 * is looked up once.
 */
export async function writeAuditMany(ctx: AppContext, db: Kysely<DB>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const names = new Map<number, string>();
  for (const id of new Set(entries.map((e) => e.actorId).filter((id): id is number => id !== null))) {
    const u = await db.selectFrom('users').select(['last_name', 'first_name', 'employee_number']).where('id', '=', id).executeTakeFirst();
    names.set(id, u ? displayName(u) : '');
  }
  const now = ctx.now();
  const values = entries.map((e) => ({
    company_id: e.companyId,
    actor_id: e.actorId,
    actor_name: ((e.actorId !== null ? names.get(e.actorId) : undefined) || (e.actorName ?? '')).slice(0, 200),
    action: e.action,
    target_type: e.targetType ?? '',
    target_id: e.targetId ?? null,
    target_label: (e.targetLabel ?? '').slice(0, 300),
    detail: e.detail ?? '',
    ip: (e.ip ?? '').slice(0, 64),
    created_at: now,
  }));
  for (let i = 0; i < values.length; i += 500) await db.insertInto('audit_events').values(values.slice(i, i + 500)).execute();
}

/** Who deletes: the requesting user (with the request's address) or a scheduled job. */
export type AuditActor = { userId: number; ip?: string } | { system: true };

export const actorFields = (a: AuditActor): Pick<AuditEntry, 'actorId' | 'actorName' | 'ip'> =>
  'system' in a ? { actorId: null, actorName: 'system' } : { actorId: a.userId, ip: a.ip ?? '' };

/** A label for a user target, read in the same transaction. */
export async function userLabel(db: Kysely<DB>, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['last_name', 'first_name', 'employee_number']).where('id', '=', userId).executeTakeFirst();
  return u ? displayName(u) : `#${userId}`;
}

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

function toRow(r: { id: number; created_at: number; action: string; actor_id: number | null; actor_name: string; target_type: string; target_id: number | null; target_label: string; detail: string; ip: string }): AuditRow {
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
