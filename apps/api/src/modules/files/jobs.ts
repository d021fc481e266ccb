import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { sweepStorage } from '../../ops/sweep';
import { deleteFiles } from './service';
import { registerJobHandler } from '../../kernel';

export const FILE_BIN_CLEANUP_JOB = 'files.bin-cleanup';
export const FILE_BIN_CLEANUP_EVERY_MS = 60 * 60_000;
const DAY = 86_400_000;
/** Files deleted per sweep; the job runs again at once while a backlog remains. */
const BATCH = 500;

/**
 * Deletes binned group files older than their group's auto_delete_day (bytes, versions, usage).
 * A group with auto_delete_day 0 keeps its bin. Returns how many files went.
 */
export async function cleanFileBins(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('files as f')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .select(['f.id', 'f.company_id', 'f.group_id'])
    .where('f.in_bin', '=', 1)
    .where('g.auto_delete_day', '>', 0)
    // bigint arithmetic: 30 days in ms overflows a PostgreSQL integer.
    .where(sql<boolean>`f.moved_to_bin_at <= cast(${now} as bigint) - g.auto_delete_day * cast(${DAY} as bigint)`)
    .limit(BATCH)
    .execute();
  return due.length ? deleteFiles(ctx, due, undefined, { actor: { system: true }, note: 'auto-delete from the bin' }) : 0;
}

registerJobHandler(FILE_BIN_CLEANUP_JOB, async (ctx) => {
  const n = await cleanFileBins(ctx);
  return { rerunAt: n >= BATCH ? ctx.now() : ctx.now() + FILE_BIN_CLEANUP_EVERY_MS };
});

export const STORAGE_SWEEP_JOB = 'storage.sweep';
export const STORAGE_SWEEP_EVERY_MS = 10 * 60_000;
/** A staged file older than the longest upload plus a margin for the work after it arrives. */
export const stagingMaxAge = (ctx: AppContext) => ctx.config.uploadTimeoutMs + 5 * 60_000;

registerJobHandler(STORAGE_SWEEP_JOB, async (ctx) => {
  await sweepStorage(ctx, stagingMaxAge(ctx));
  return { rerunAt: ctx.now() + STORAGE_SWEEP_EVERY_MS };
});
