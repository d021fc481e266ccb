import { LIMITS, type StorageUsage } from '@portal/api-client';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import type { Scope } from './policy';

const GB = 1024 ** 3;

/**
 * A write transaction that serialises every writer of the same quota. PostgreSQL: the company
 * and group rows are locked FOR UPDATE (always company first, so two writers cannot deadlock).
 * SQLite: BEGIN IMMEDIATE takes the database write lock up front, so a second writer (in this
 * or another process) waits until the first has committed and then sees its usage. Inside `fn`
 * use only `trx`: on SQLite the one connection is held for the whole transaction.
 */
export async function writeTransaction<T>(ctx: AppContext, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (ctx.dialect === 'postgres') return ctx.db.transaction().execute(fn);
  return ctx.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

export interface QuotaTarget {
  companyId: number;
  groupId: number | null;
}

export const targetOf = (scope: Scope): QuotaTarget => ({ companyId: scope.companyId, groupId: scope.groupId });

/**
 * Adds `delta` bytes to the company's (and group's) usage inside `trx`. A positive delta is
 * checked first against the locked, current usage: EXCEED_GROUP_STORAGE_CAPACITY or
 * EXCEED_COMPANY_STORAGE_CAPACITY (400), and the caller's transaction rolls back.
 */
export async function chargeUsage(ctx: AppContext, trx: Kysely<DB>, target: QuotaTarget, delta: number): Promise<void> {
  if (delta === 0) return;
  const pg = ctx.dialect === 'postgres';
  let cq = trx.selectFrom('companies').select(['storage_capacity_gb', 'storage_used_bytes']).where('id', '=', target.companyId);
  if (pg) cq = cq.forUpdate();
  const company = await cq.executeTakeFirstOrThrow();
  let group: { storage_capacity_gb: number; storage_used_bytes: number } | undefined;
  if (target.groupId !== null) {
    let gq = trx.selectFrom('groups').select(['storage_capacity_gb', 'storage_used_bytes']).where('id', '=', target.groupId);
    if (pg) gq = gq.forUpdate();
    group = await gq.executeTakeFirstOrThrow();
  }
  if (delta > 0) {
    if (group && Number(group.storage_used_bytes) + delta > group.storage_capacity_gb * GB) {
      throw new HttpError(400, 'EXCEED_GROUP_STORAGE_CAPACITY', 'The group storage capacity would be exceeded.');
    }
    if (Number(company.storage_used_bytes) + delta > company.storage_capacity_gb * GB) {
      throw new HttpError(400, 'EXCEED_COMPANY_STORAGE_CAPACITY', 'The company storage capacity would be exceeded.');
    }
  }
  // Never below zero, whatever an interrupted earlier cleanup left behind.
  const next = (used: number) => Math.max(0, Number(used) + delta);
  await trx.updateTable('companies').set({ storage_used_bytes: next(company.storage_used_bytes) }).where('id', '=', target.companyId).execute();
  if (group) await trx.updateTable('groups').set({ storage_used_bytes: next(group.storage_used_bytes) }).where('id', '=', target.groupId!).execute();
}

export function usageOf(capacityGb: number, usedBytes: number): StorageUsage {
  const capacity = capacityGb * GB;
  const used = Number(usedBytes);
  const percent = capacity > 0 ? Math.round((used / capacity) * 10_000) / 100 : 100;
  return { capacity_bytes: capacity, used_bytes: used, percent, warning: percent >= LIMITS.storageWarningPercent, full: used >= capacity };
}

export async function storageUsage(ctx: AppContext, scope: Scope) {
  const company = await ctx.db.selectFrom('companies').select(['storage_capacity_gb', 'storage_used_bytes']).where('id', '=', scope.companyId).executeTakeFirstOrThrow();
  const group =
    scope.groupId === null
      ? null
      : await ctx.db.selectFrom('groups').select(['storage_capacity_gb', 'storage_used_bytes']).where('id', '=', scope.groupId).executeTakeFirstOrThrow();
  return {
    group: group ? usageOf(group.storage_capacity_gb, group.storage_used_bytes) : null,
    company: usageOf(company.storage_capacity_gb, company.storage_used_bytes),
  };
}
