import { LIMITS, type StorageUsage } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { writeTransaction as dbWriteTransaction } from '../../db/write';
import { HttpError } from '../../http/errors';
import type { Scope } from './policy';

const GB = 1024 ** 3;

/**
 * Lock order for every transaction that touches a storage counter (PostgreSQL; SQLite runs one
 * write transaction at a time): first the company row, then the group row, both FOR NO KEY
 * UPDATE, and only then anything else. NO KEY UPDATE is the weakest lock that serialises counter
 * updates, and unlike FOR UPDATE it does not conflict with the KEY SHARE lock a foreign key takes
 * on the same row (inserting a topic or file), which is what deadlocked concurrent "topic with
 * attachments" posts. Taking the counters first also means that whatever such a
 * transaction reads next (the versions it is about to delete and refund) is read after any
 * competing writer has committed, so a refund is never counted twice.
 */
export async function lockQuota(ctx: AppContext, trx: Kysely<DB>, target: QuotaTarget): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await trx.selectFrom('companies').select('id').where('id', '=', target.companyId).forNoKeyUpdate().execute();
  if (target.groupId !== null) await trx.selectFrom('groups').select('id').where('id', '=', target.groupId).forNoKeyUpdate().execute();
}

/**
 * A write transaction (retried once on a lock conflict, db/write.ts) that, given `lock`, takes the
 * quota rows first in the documented order. Inside `fn` use only `trx`.
 */
export function writeTransaction<T>(ctx: AppContext, fn: (trx: Kysely<DB>) => Promise<T>, lock?: QuotaTarget): Promise<T> {
  return dbWriteTransaction(ctx, async (trx) => {
    if (lock) await lockQuota(ctx, trx, lock);
    return fn(trx);
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
  if (pg) cq = cq.forNoKeyUpdate();
  const company = await cq.executeTakeFirstOrThrow();
  let group: { storage_capacity_gb: number; storage_used_bytes: number } | undefined;
  if (target.groupId !== null) {
    let gq = trx.selectFrom('groups').select(['storage_capacity_gb', 'storage_used_bytes']).where('id', '=', target.groupId);
    if (pg) gq = gq.forNoKeyUpdate();
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
  await trx
    .updateTable('companies')
    .set({ storage_used_bytes: next(company.storage_used_bytes) })
    .where('id', '=', target.companyId)
    .execute();
  if (group)
    await trx
      .updateTable('groups')
      .set({ storage_used_bytes: next(group.storage_used_bytes) })
      .where('id', '=', target.groupId!)
      .execute();
}

export function usageOf(capacityGb: number, usedBytes: number): StorageUsage {
  const capacity = capacityGb * GB;
  const used = Number(usedBytes);
  const percent = capacity > 0 ? Math.round((used / capacity) * 10_000) / 100 : 100;
  return { capacity_bytes: capacity, used_bytes: used, percent, warning: percent >= LIMITS.storageWarningPercent, full: used >= capacity };
}

export async function storageUsage(ctx: AppContext, scope: Scope) {
  const company = await ctx.db
    .selectFrom('companies')
    .select(['storage_capacity_gb', 'storage_used_bytes'])
    .where('id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  const group =
    scope.groupId === null
      ? null
      : await ctx.db
          .selectFrom('groups')
          .select(['storage_capacity_gb', 'storage_used_bytes'])
          .where('id', '=', scope.groupId)
          .executeTakeFirstOrThrow();
  return {
    group: group ? usageOf(group.storage_capacity_gb, group.storage_used_bytes) : null,
    company: usageOf(company.storage_capacity_gb, company.storage_used_bytes),
  };
}
