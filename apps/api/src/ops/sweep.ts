import type { AppContext } from '../kernel/context';
import { stagingNameOf } from '../storage';
import { ownedKeys } from './key-owners';

export interface SweepResult {
  /** Staged files whose rows had committed (a crash came between commit and move): moved into place. */
  adopted: number;
  /** Staged files no row names: an upload that died or failed. */
  removedStaged: number;
  /** Stored files no row names (bytes of a row deleted just before a crash, or a move after a delete). */
  removedOrphans: number;
}

/**
 * What a crash leaves behind, put right; run at start-up and periodically (STORAGE_SWEEP_JOB).
 * A staged file a committed row names is moved into place at once; one no row names is removed
 * only once older than the longest possible upload (`stagingMaxAgeMs`, the request timeout plus a
 * margin): a younger one may belong to a request still running in another process (this
 * process's own are never listed). The stored files are listed before the owners
 * are read: a file is moved into place only after its row committed, so any file in the listing
 * whose row is not in the later read has no row, and deleting it is safe while writers run.
 */
export async function sweepStorage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  stagingMaxAgeMs: number,
  opts: { orphans?: boolean } = {},
): Promise<SweepResult> {
  const result: SweepResult = { adopted: 0, removedStaged: 0, removedOrphans: 0 };
  // Every staged file another request is not holding: a committed row's can move in at once,
  // whatever its age; one without a row goes only once no upload can still be running.
  const staged = await ctx.storage.listStaging(-1);
  const old = new Set(await ctx.storage.listStaging(stagingMaxAgeMs));
  const stored: string[] = [];
  if (opts.orphans !== false) for await (const k of ctx.storage.listKeys()) stored.push(k);
  if (staged.length === 0 && stored.length === 0) return result;
  const owned = await ownedKeys(ctx.db);
  const byName = new Map<string, string>();
  for (const k of owned) {
    const name = stagingNameOf(k);
    if (name) byName.set(name, k);
  }
  for (const name of staged) {
    const key = byName.get(name);
    if (key && !(await ctx.storage.exists(key))) {
      await ctx.storage.adoptStaged(name, key);
      result.adopted++;
    } else if (old.has(name)) {
      await ctx.storage.removeStaged(name);
      result.removedStaged++;
    }
  }
  for (const key of stored) {
    if (owned.has(key)) continue;
    await ctx.storage.delete(key);
    result.removedOrphans++;
  }
  return result;
}
