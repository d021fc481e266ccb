import type { Kysely } from 'kysely';
import type { DB, DialectName } from '../db';
import { writeTransaction } from '../db/write';
import { stagingNameOf, type FileStorage } from '../storage';
import { ownedKeys } from './key-owners';
import { storageSums } from './storage-sums';
import { LEASE_MS } from '../kernel';

/**
 * `npm run doctor`: the database checked against the stored files, and (with `fix`) put right.
 * Safe while the portal runs: it lists stored files before reading their owners (see sweep.ts),
 * counts only staged files older than the longest upload, and takes the quota locks for repairs.
 */

export interface DoctorCtx {
  db: Kysely<DB>;
  dialect: DialectName;
  storage: FileStorage;
  now: () => number;
}

export type Finding =
  | 'orphan_files'
  | 'orphan_thumbnails'
  | 'unfinished_moves'
  | 'stale_staging'
  | 'rows_without_bytes'
  | 'thumbnails_without_bytes'
  | 'storage_counters'
  | 'stuck_leases';

export const FINDINGS: Record<Finding, string> = {
  orphan_files: 'stored files no row owns',
  orphan_thumbnails: 'thumbnails whose file or version is gone',
  unfinished_moves: 'committed files still in staging (a crash between commit and move)',
  stale_staging: 'staged files of uploads that never finished',
  rows_without_bytes: 'rows whose stored file is missing',
  thumbnails_without_bytes: 'rows naming a thumbnail that is missing',
  storage_counters: 'storage counters that differ from the sum of stored sizes',
  stuck_leases: 'job leases held past their expiry by a process that is gone',
};

export type Report = Record<Finding, string[]>;

const empty = (): Report => ({
  orphan_files: [],
  orphan_thumbnails: [],
  unfinished_moves: [],
  stale_staging: [],
  rows_without_bytes: [],
  thumbnails_without_bytes: [],
  storage_counters: [],
  stuck_leases: [],
});

export const problemCount = (r: Report) => Object.values(r).reduce((n, list) => n + list.length, 0);

const isThumb = (key: string) => key.endsWith('.webp') && /\/files\//.test(key);

/** Whether a key's bytes are anywhere: in place, or committed but still in staging. */
async function present(storage: FileStorage, key: string): Promise<boolean> {
  if (await storage.exists(key)) return true;
  try {
    const { stream } = await storage.open(key, { start: 0, end: 0 });
    stream.destroy();
    return true;
  } catch {
    return false;
  }
}

export async function examine(ctx: DoctorCtx, stagingMaxAgeMs: number): Promise<Report> {
  const r = empty();
  const staged = await ctx.storage.listStaging(-1);
  const old = new Set(await ctx.storage.listStaging(stagingMaxAgeMs));
  const stored: string[] = [];
  for await (const k of ctx.storage.listKeys()) stored.push(k);
  const owned = await ownedKeys(ctx.db);
  const byName = new Map<string, string>();
  for (const k of owned) {
    const name = stagingNameOf(k);
    if (name) byName.set(name, k);
  }
  const storedSet = new Set(stored);
  for (const k of stored) if (!owned.has(k)) (isThumb(k) ? r.orphan_thumbnails : r.orphan_files).push(k);
  for (const name of staged) {
    const key = byName.get(name);
    if (key && !storedSet.has(key)) r.unfinished_moves.push(`${name} -> ${key}`);
    else if (old.has(name)) r.stale_staging.push(name);
  }

  const versions = await ctx.db.selectFrom('file_versions').select(['id', 'file_id', 'storage_key', 'thumb_key']).execute();
  for (const v of versions) {
    if (!storedSet.has(v.storage_key) && !(await present(ctx.storage, v.storage_key)))
      r.rows_without_bytes.push(`file_versions ${v.id} (file ${v.file_id}): ${v.storage_key}`);
    if (v.thumb_key && !storedSet.has(v.thumb_key) && !(await present(ctx.storage, v.thumb_key)))
      r.thumbnails_without_bytes.push(`file_versions ${v.id}: ${v.thumb_key}`);
  }
  const images = await ctx.db.selectFrom('inline_images').select(['id', 'storage_key']).execute();
  for (const i of images)
    if (!storedSet.has(i.storage_key) && !(await present(ctx.storage, i.storage_key)))
      r.rows_without_bytes.push(`inline_images ${i.id}: ${i.storage_key}`);
  const groups = await ctx.db.selectFrom('groups').select(['id', 'icon_storage_key', 'header_storage_key']).execute();
  for (const g of groups) {
    for (const [slot, key] of [
      ['icon', g.icon_storage_key],
      ['header', g.header_storage_key],
    ] as const) {
      if (key && !storedSet.has(key) && !(await present(ctx.storage, key))) r.rows_without_bytes.push(`groups ${g.id} ${slot}: ${key}`);
    }
  }

  const sums = await storageSums(ctx.db);
  for (const [id, c] of sums.companies)
    if (c.counter !== c.sum) r.storage_counters.push(`companies ${id}: counter ${c.counter}, stored ${c.sum}`);
  for (const [id, g] of sums.groups)
    if (g.counter !== g.sum) r.storage_counters.push(`groups ${id}: counter ${g.counter}, stored ${g.sum}`);

  const stuck = await ctx.db
    .selectFrom('jobs')
    .select(['id', 'kind', 'claimed_by'])
    .where('done_at', 'is', null)
    .where('claimed_by', 'is not', null)
    .where('claimed_at', '<', ctx.now() - LEASE_MS)
    .execute();
  for (const j of stuck) r.stuck_leases.push(`jobs ${j.id} (${j.kind}) held by ${j.claimed_by}`);
  return r;
}

const idOf = (line: string) => Number(/^\S+ (\d+)/.exec(line)![1]);

/** Puts right what `examine` found; the counters last, after every row repair changed them. */
export async function repair(ctx: DoctorCtx, r: Report): Promise<void> {
  for (const k of [...r.orphan_files, ...r.orphan_thumbnails]) await ctx.storage.delete(k);
  for (const line of r.unfinished_moves) {
    const [name, key] = line.split(' -> ') as [string, string];
    await ctx.storage.adoptStaged(name, key);
  }
  for (const name of r.stale_staging) await ctx.storage.removeStaged(name);

  const brokenVersions = r.rows_without_bytes.filter((l) => l.startsWith('file_versions ')).map(idOf);
  const brokenImages = r.rows_without_bytes.filter((l) => l.startsWith('inline_images ')).map(idOf);
  const brokenThumbs = r.thumbnails_without_bytes.map(idOf);
  await writeTransaction(ctx, async (trx) => {
    if (brokenThumbs.length) {
      const keys = (await trx.selectFrom('file_versions').select('thumb_key').where('id', 'in', brokenThumbs).execute())
        .map((v) => v.thumb_key!)
        .filter(Boolean);
      await trx.updateTable('file_versions').set({ thumb_key: null }).where('id', 'in', brokenThumbs).execute();
      if (keys.length) await trx.updateTable('files').set({ thumb_key: null }).where('thumb_key', 'in', keys).execute();
    }
    if (brokenVersions.length) {
      const fileIds = [
        ...new Set(
          (await trx.selectFrom('file_versions').select('file_id').where('id', 'in', brokenVersions).execute()).map((v) => v.file_id),
        ),
      ];
      await trx.deleteFrom('file_versions').where('id', 'in', brokenVersions).execute();
      for (const fileId of fileIds) {
        // The newest version left becomes current; a file with none left goes.
        const top = await trx
          .selectFrom('file_versions')
          .selectAll()
          .where('file_id', '=', fileId)
          .orderBy('version', 'desc')
          .executeTakeFirst();
        if (!top) await trx.deleteFrom('files').where('id', '=', fileId).execute();
        else {
          await trx
            .updateTable('files')
            .set({
              original_name: top.original_name,
              storage_key: top.storage_key,
              thumb_key: top.thumb_key,
              size: top.size,
              kind: top.kind,
              mime: top.mime,
              version: top.version,
            })
            .where('id', '=', fileId)
            .execute();
        }
      }
    }
    if (brokenImages.length) await trx.deleteFrom('inline_images').where('id', 'in', brokenImages).execute();
    for (const line of r.rows_without_bytes.filter((l) => l.startsWith('groups '))) {
      const slot = line.split(' ')[2]!.replace(':', '');
      const values =
        slot === 'icon'
          ? { icon_image: 2, icon_image_path: null, icon_image_small_path: null, icon_storage_key: null, icon_file_name: null }
          : { header_image: null, header_storage_key: null, header_file_name: null };
      await trx.updateTable('groups').set(values).where('id', '=', idOf(line)).execute();
    }
  });

  // Counters from the sums, under the quota locks so no writer slips in between read and write.
  const sums = await storageSums(ctx.db);
  for (const [id] of sums.companies) {
    await writeTransaction(ctx, async (trx) => {
      if (ctx.dialect === 'postgres') await trx.selectFrom('companies').select('id').where('id', '=', id).forNoKeyUpdate().execute();
      const fresh = await storageSums(trx, id);
      const c = fresh.companies.get(id)!;
      if (c.counter !== c.sum) await trx.updateTable('companies').set({ storage_used_bytes: c.sum }).where('id', '=', id).execute();
      for (const [gid, g] of fresh.groups)
        if (g.counter !== g.sum) await trx.updateTable('groups').set({ storage_used_bytes: g.sum }).where('id', '=', gid).execute();
    });
  }

  await ctx.db
    .updateTable('jobs')
    .set({ claimed_by: null, claimed_at: null })
    .where('done_at', 'is', null)
    .where('claimed_by', 'is not', null)
    .where('claimed_at', '<', ctx.now() - LEASE_MS)
    .execute();
}

/** Examines, and with `fix` repairs and examines again; the report is what remains wrong. */
export async function doctor(
  ctx: DoctorCtx,
  opts: { fix?: boolean; stagingMaxAgeMs: number },
): Promise<{ found: Report; remaining: Report }> {
  const found = await examine(ctx, opts.stagingMaxAgeMs);
  if (!opts.fix || problemCount(found) === 0) return { found, remaining: found };
  await repair(ctx, found);
  return { found, remaining: await examine(ctx, opts.stagingMaxAgeMs) };
}
