import type { AuditAction } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext } from './context';
import type { DB } from '../db';

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
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('audit_events')
      .values(values.slice(i, i + 500))
      .execute();
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
