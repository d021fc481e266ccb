import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { requireHistory, type FileRecord, type Scope } from './policy';
import { chargeUsage, targetOf, writeTransaction } from './quota';
import { deleteKeys, keysOf, markChanged } from './service';
import { displayName, indexFile, shortName } from '../../kernel';

/**
 * Versions of a file. Every stored version is a file_versions row (the current one included), so
 * a storage key always has exactly one owner. Restoring moves an earlier row to the top (it gets
 * the next version number and becomes current; the old current becomes an earlier version): no
 * bytes are copied, usage does not change, and the number of earlier versions stays the same.
 */

const currentEntry = () =>
  new HttpError(400, 'VALIDATION_ERROR', 'The current version cannot be used here.', { history_id: ['validation.format'] });

export async function listHistory(ctx: AppContext, file: FileRecord, q: { limit: number; page: number }) {
  const base = ctx.db.selectFrom('file_versions as v').where('v.file_id', '=', file.id);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .leftJoin('users as u', 'u.id', 'v.uploader_id')
    .select([
      'v.id',
      'v.version',
      'v.original_name',
      'v.size',
      'v.kind',
      'v.uploaded_at',
      'v.updated_at',
      'v.uploader_id',
      'u.last_name',
      'u.first_name',
    ])
    .orderBy('v.version', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      version: r.version,
      name: r.original_name,
      size: Number(r.size),
      kind: r.kind as never,
      uploaded_at: r.uploaded_at,
      updated_at: r.updated_at,
      creator: { id: r.uploader_id, name: shortName(displayName(r)) },
      is_current: r.version === file.version,
      is_can_revert: r.version !== file.version,
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.limit)),
    total,
  };
}

export async function revert(ctx: AppContext, scope: Scope, file: FileRecord, historyId: number): Promise<void> {
  const entry = await requireHistory(ctx, file, historyId);
  if (entry.version === file.version) throw currentEntry();
  const now = ctx.now();
  await writeTransaction(
    ctx,
    async (trx) => {
      // Re-read inside the lock: a concurrent overwrite may have dropped this entry meanwhile.
      const live = await trx
        .selectFrom('file_versions')
        .selectAll()
        .where('id', '=', entry.id)
        .where('file_id', '=', file.id)
        .executeTakeFirst();
      const top = await trx
        .selectFrom('file_versions')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('file_id', '=', file.id)
        .executeTakeFirstOrThrow();
      if (!live) throw new HttpError(404, 'HISTORY_NOT_FOUND', 'The history entry does not exist.');
      if (live.version === Number(top.v)) throw currentEntry();
      const version = Number(top.v) + 1;
      await trx.updateTable('file_versions').set({ version, updated_at: now }).where('id', '=', live.id).execute();
      await trx
        .updateTable('files')
        .set({
          original_name: live.original_name,
          storage_key: live.storage_key,
          thumb_key: live.thumb_key,
          size: live.size,
          kind: live.kind,
          mime: live.mime,
          version,
          updater_id: scope.userId,
          updated_at: now,
        })
        .where('id', '=', file.id)
        .execute();
      await markChanged(trx, file.id, scope.userId, now);
      await indexFile(trx, file.id);
    },
    targetOf(scope),
  );
}

export async function deleteHistory(
  ctx: AppContext,
  scope: Scope,
  file: FileRecord,
  historyId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const entry = await requireHistory(ctx, file, historyId);
  if (entry.version === file.version) throw currentEntry();
  const keys = await writeTransaction(
    ctx,
    async (trx) => {
      // Re-read inside the lock: a concurrent revert may have made this entry current.
      const live = await trx
        .selectFrom('file_versions')
        .select(['id', 'version', 'size', 'storage_key', 'thumb_key'])
        .where('id', '=', entry.id)
        .where('file_id', '=', file.id)
        .executeTakeFirst();
      if (!live) throw new HttpError(404, 'HISTORY_NOT_FOUND', 'The history entry does not exist.');
      const cur = await trx.selectFrom('files').select('version').where('id', '=', file.id).executeTakeFirstOrThrow();
      if (cur.version === live.version) throw currentEntry();
      await trx.deleteFrom('file_versions').where('id', '=', live.id).execute();
      await chargeUsage(ctx, trx, targetOf(scope), -Number(live.size));
      return keysOf(live);
    },
    targetOf(scope),
  );
  await deleteKeys(ctx, keys, log);
}
