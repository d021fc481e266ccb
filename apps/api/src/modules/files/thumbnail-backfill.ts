import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../kernel';
import { StorageNotFoundError } from '../../storage';
import { writeWithFiles } from '../../storage/write';
import { renderThumbnail } from './thumbnails';

const MB = 1024 * 1024;
/** As for uploads: larger images are not read whole into memory and keep the kind icon. */
const MAX_INPUT_BYTES = 32 * MB;

export interface BackfillCounts {
  /** Image versions without a thumbnail that were looked at. */
  scanned: number;
  /** Thumbnails written. */
  made: number;
  /** Images that give none (undecodable, too large, bytes missing): left as they are. */
  skipped: number;
}

type Ctx = Pick<AppContext, 'db' | 'storage'>;

async function readWhole(ctx: Ctx, key: string): Promise<Buffer | null> {
  try {
    const { stream } = await ctx.storage.open(key);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  } catch (err) {
    if (err instanceof StorageNotFoundError) return null;
    throw err;
  }
}

/**
 * Thumbnails for images stored before thumbnails existed (migration 0007): every image version
 * with no thumb_key gets one, written next to the original and committed after its row (bytes
 * after rows), the file row's copy too when it is the current version. Idempotent: a version that
 * has a thumbnail is never touched again, and a second run finds only what could not be made.
 * A concurrent upload or overwrite is safe: the rows are only set where thumb_key is still null,
 * and a thumbnail that lost that race is discarded. Runs by id, `batch` rows a query.
 */
export async function backfillThumbnails(ctx: Ctx, opts: { batch?: number; log?: FastifyBaseLogger } = {}): Promise<BackfillCounts> {
  const counts: BackfillCounts = { scanned: 0, made: 0, skipped: 0 };
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .selectFrom('file_versions as v')
      .innerJoin('files as f', 'f.id', 'v.file_id')
      .select(['v.id', 'v.file_id', 'v.version', 'v.storage_key', 'v.size', 'f.version as current'])
      .where('v.kind', '=', 'image')
      .where('v.thumb_key', 'is', null)
      .where('v.id', '>', after)
      .orderBy('v.id')
      .limit(opts.batch ?? 100)
      .execute();
    if (rows.length === 0) return counts;
    after = rows.at(-1)!.id;
    for (const v of rows) {
      counts.scanned++;
      const bytes = Number(v.size) <= MAX_INPUT_BYTES ? await readWhole(ctx, v.storage_key) : null;
      const thumb = bytes ? await renderThumbnail(bytes, opts.log) : null;
      if (!thumb) {
        counts.skipped++;
        continue;
      }
      const staged = await ctx.storage.stage(Readable.from([thumb]), {
        prefix: v.storage_key.slice(0, v.storage_key.lastIndexOf('/')),
        ext: 'webp',
      });
      const won = await writeWithFiles(
        [staged],
        () =>
          ctx.db.transaction().execute(async (trx) => {
            const r = await trx
              .updateTable('file_versions')
              .set({ thumb_key: staged.key })
              .where('id', '=', v.id)
              .where('thumb_key', 'is', null)
              .executeTakeFirst();
            if (Number(r.numUpdatedRows) !== 1) throw new LostRace();
            await trx
              .updateTable('files')
              .set({ thumb_key: staged.key })
              .where('id', '=', v.file_id)
              .where('version', '=', v.version)
              .where('thumb_key', 'is', null)
              .execute();
            return true;
          }),
        opts.log,
      ).catch((err: unknown) => {
        if (err instanceof LostRace) return false;
        throw err;
      });
      if (won) counts.made++;
      else counts.skipped++;
    }
  }
}

class LostRace extends Error {}
