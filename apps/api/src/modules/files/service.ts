import { FILE_MEMO_MAX, FILE_TITLE_MAX, LIMITS, multilineText, text } from '@portal/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import type { StagedFile } from '../../storage';
import { writeWithFiles } from '../../storage/write';
import { validationError } from '../../http/errors';
import { chargeUsage, targetOf, writeTransaction, type QuotaTarget } from './quota';
import { requireFolder, type FileRecord, type Scope } from './policy';
import { stageThumbnails } from './thumbnails';
import { actorFields, type AuditActor, type AuditEntry, indexFile, unindexFiles, writeAuditMany } from '../../kernel';
import type { Received, ReceivedFile } from './upload';

const uploadFields = z
  .object({
    title: text(FILE_TITLE_MAX).optional(),
    memo: multilineText(FILE_MEMO_MAX).optional(),
    folder_id: z.coerce.number().int().positive().optional(),
  })
  .strict();

/**
 * Runs `fn` in a quota transaction (locks first, retried once on a lock conflict) and makes the
 * staged files and thumbnails visible only after it committed (storage/write.ts). So a failed
 * request leaves neither a row without bytes nor bytes without a row.
 */
export function withCommit<T>(
  ctx: AppContext,
  target: QuotaTarget,
  files: ReceivedFile[],
  thumbs: (StagedFile | null)[],
  fn: (trx: Kysely<DB>) => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> {
  return writeWithFiles([...files.map((f) => f.staged), ...thumbs], () => writeTransaction(ctx, fn, target), log);
}

/** Every stored key a version row owns: its bytes and, for most images, a thumbnail. */
export const keysOf = (v: { storage_key: string; thumb_key: string | null }): string[] =>
  v.thumb_key ? [v.storage_key, v.thumb_key] : [v.storage_key];

/** Deletes stored bytes after their rows are gone; a lost delete leaves an orphan, never a dangling row. */
export async function deleteKeys(ctx: AppContext, keys: string[], log?: FastifyBaseLogger): Promise<void> {
  await Promise.all(keys.map((k) => ctx.storage.delete(k).catch((err: unknown) => log?.warn({ err, key: k }, 'stored file not deleted'))));
}

const versionRow = (fileId: number, version: number, f: ReceivedFile, thumb: StagedFile | null, userId: number, now: number) => ({
  file_id: fileId,
  version,
  original_name: f.name,
  storage_key: f.staged.key,
  thumb_key: thumb?.key ?? null,
  size: f.staged.size,
  kind: f.detected.kind,
  mime: f.detected.mime,
  uploader_id: userId,
  uploaded_at: now,
  updated_at: now,
});

/**
 * New files from an upload; quota charged for all of them at once, in the insert's transaction.
 * `before` runs first in that same transaction (a topic writing its own rows) and returns the
 * topic whose attachments the files become (and, for a comment's, the comment), so topic, rows
 * and bytes commit or fail together.
 */
export async function createFiles(
  ctx: AppContext,
  scope: Scope,
  received: Received,
  opts: {
    topicId?: number;
    log?: FastifyBaseLogger;
    before?: (trx: Kysely<DB>) => Promise<number | { topicId: number; commentId: number }>;
  } = {},
): Promise<number[]> {
  const parsed = uploadFields.safeParse(received.fields);
  if (!parsed.success) {
    await Promise.all(received.files.map((f) => f.staged.discard()));
    throw validationError(parsed.error, [], { value: received.fields });
  }
  const { title, memo = '', folder_id: folderId } = parsed.data;
  if (folderId !== undefined) {
    if (scope.groupId === null) {
      await Promise.all(received.files.map((f) => f.staged.discard()));
      throw validationError(new z.ZodError([{ code: 'custom', path: ['folder_id'], message: 'validation.format', input: folderId }]));
    }
    await requireFolder(ctx, scope.groupId, folderId).catch(async (err: unknown) => {
      await Promise.all(received.files.map((f) => f.staged.discard()));
      throw err;
    });
  }
  const total = received.files.reduce((n, f) => n + f.staged.size, 0);
  // Thumbnails are derived data: not charged against the quota.
  const thumbs = await stageThumbnails(ctx, received.files, opts.log);
  const now = ctx.now();
  return withCommit(
    ctx,
    targetOf(scope),
    received.files,
    thumbs,
    async (trx) => {
      const owner = opts.before ? await opts.before(trx) : opts.topicId;
      const topicId = typeof owner === 'object' ? owner.topicId : owner;
      const commentId = typeof owner === 'object' ? owner.commentId : null;
      await chargeUsage(ctx, trx, targetOf(scope), total);
      const ids: number[] = [];
      for (const [i, f] of received.files.entries()) {
        const thumb = thumbs[i] ?? null;
        const row = await trx
          .insertInto('files')
          .values({
            company_id: scope.companyId,
            group_id: scope.groupId,
            folder_id: topicId ? null : (folderId ?? null),
            topic_id: topicId ?? null,
            comment_id: commentId,
            is_attachment: topicId ? 1 : 0,
            title: (received.files.length === 1 && title?.trim()) || f.name,
            memo,
            original_name: f.name,
            storage_key: f.staged.key,
            thumb_key: thumb?.key ?? null,
            size: f.staged.size,
            kind: f.detected.kind,
            mime: f.detected.mime,
            version: 1,
            creator_id: scope.userId,
            updater_id: scope.userId,
            uploader_id: scope.userId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('file_versions')
          .values(versionRow(row.id, 1, f, thumb, scope.userId, now))
          .execute();
        await trx.insertInto('file_reads').values({ file_id: row.id, user_id: scope.userId, created_at: now }).execute();
        await indexFile(trx, row.id);
        ids.push(row.id);
      }
      return ids;
    },
    opts.log,
  );
}

/**
 * Overwrite: the upload becomes the current version; earlier versions beyond the restorable
 * three are dropped in the same transaction (rows, then bytes after commit) and only the net
 * change is charged. Readers see the file as unread again.
 */
export async function overwriteFile(
  ctx: AppContext,
  scope: Scope,
  file: FileRecord,
  received: Received,
  log?: FastifyBaseLogger,
): Promise<void> {
  const f = received.files[0]!;
  const [thumb = null] = await stageThumbnails(ctx, [f], log);
  const now = ctx.now();
  const dropped = await withCommit(
    ctx,
    targetOf(scope),
    [f],
    [thumb],
    async (trx) => {
      const versions = await trx
        .selectFrom('file_versions')
        .select(['id', 'version', 'size', 'storage_key', 'thumb_key'])
        .where('file_id', '=', file.id)
        .orderBy('version', 'desc')
        .execute();
      const current = await trx.selectFrom('files').select('version').where('id', '=', file.id).executeTakeFirstOrThrow();
      const drop = versions.slice(LIMITS.restorableFileGenerations);
      await chargeUsage(ctx, trx, targetOf(scope), f.staged.size - drop.reduce((n, v) => n + Number(v.size), 0));
      if (drop.length)
        await trx
          .deleteFrom('file_versions')
          .where(
            'id',
            'in',
            drop.map((v) => v.id),
          )
          .execute();
      const version = Math.max(current.version, ...versions.map((v) => v.version)) + 1;
      await trx
        .insertInto('file_versions')
        .values(versionRow(file.id, version, f, thumb, scope.userId, now))
        .execute();
      await trx
        .updateTable('files')
        .set({
          original_name: f.name,
          storage_key: f.staged.key,
          thumb_key: thumb?.key ?? null,
          size: f.staged.size,
          kind: f.detected.kind,
          mime: f.detected.mime,
          version,
          updater_id: scope.userId,
          uploader_id: scope.userId,
          updated_at: now,
        })
        .where('id', '=', file.id)
        .execute();
      await markChanged(trx, file.id, scope.userId, now);
      await indexFile(trx, file.id);
      return drop.flatMap(keysOf);
    },
    log,
  );
  await deleteKeys(ctx, dropped, log);
}

/** After a content change only the author has seen the new content. */
export async function markChanged(trx: Kysely<DB>, fileId: number, userId: number, now: number): Promise<void> {
  await trx.deleteFrom('file_reads').where('file_id', '=', fileId).execute();
  await trx.insertInto('file_reads').values({ file_id: fileId, user_id: userId, created_at: now }).execute();
}

export async function updateInfo(ctx: AppContext, scope: Scope, file: FileRecord, body: { title: string; memo: string }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('files')
      .set({ title: body.title, memo: body.memo, updater_id: scope.userId, updated_at: ctx.now() })
      .where('id', '=', file.id)
      .execute();
    await indexFile(trx, file.id);
  });
}

export async function moveToBin(ctx: AppContext, ids: number[]): Promise<number> {
  const r = await ctx.db
    .updateTable('files')
    .set({ in_bin: 1, moved_to_bin_at: ctx.now() })
    .where('id', 'in', ids)
    .where('in_bin', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Out of any folder and out of the bin. */
export async function moveToUnclassified(ctx: AppContext, ids: number[]): Promise<number> {
  const r = await ctx.db
    .updateTable('files')
    .set({ folder_id: null, in_bin: 0, moved_to_bin_at: null })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function moveToFolder(ctx: AppContext, ids: number[], folderId: number): Promise<number> {
  const r = await ctx.db
    .updateTable('files')
    .set({ folder_id: folderId, in_bin: 0, moved_to_bin_at: null })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * How a hard delete is written to the audit trail: by whom, and one entry per file or (a bin
 * emptied) one for the group's bin per transaction. Attachments deleted with their topic or
 * comment go without: the topic's entry covers them.
 */
export interface FileAudit {
  actor: AuditActor;
  binOf?: { groupId: number };
  note?: string;
}

/**
 * Deletes files for good: rows (versions, reads, favourites cascade), usage and audit entries in
 * one transaction per quota owner, then the bytes of every version.
 */
export async function deleteFiles(
  ctx: AppContext,
  files: Pick<FileRecord, 'id' | 'company_id' | 'group_id'>[],
  log?: FastifyBaseLogger,
  audit?: FileAudit,
): Promise<number> {
  const byOwner = new Map<string, { target: QuotaTarget; ids: number[] }>();
  for (const f of files) {
    const k = `${f.company_id}:${f.group_id ?? ''}`;
    const entry = byOwner.get(k) ?? { target: { companyId: f.company_id, groupId: f.group_id }, ids: [] };
    entry.ids.push(f.id);
    byOwner.set(k, entry);
  }
  let count = 0;
  for (const { target, ids } of byOwner.values()) {
    const keys = await writeTransaction(
      ctx,
      async (trx) => {
        const versions = await trx
          .selectFrom('file_versions')
          .select(['storage_key', 'thumb_key', 'size'])
          .where('file_id', 'in', ids)
          .execute();
        const gone = audit ? await trx.selectFrom('files').select(['id', 'title', 'original_name']).where('id', 'in', ids).execute() : [];
        await unindexFiles(trx, ids);
        const r = await trx.deleteFrom('files').where('id', 'in', ids).executeTakeFirst();
        count += Number(r.numDeletedRows);
        await chargeUsage(ctx, trx, target, -versions.reduce((n, v) => n + Number(v.size), 0));
        if (audit) await writeAuditMany(ctx, trx, await fileAuditEntries(trx, target, gone, audit));
        return versions.flatMap(keysOf);
      },
      target,
    );
    await deleteKeys(ctx, keys, log);
  }
  return count;
}

async function fileAuditEntries(
  trx: Kysely<DB>,
  target: QuotaTarget,
  gone: { id: number; title: string; original_name: string }[],
  audit: FileAudit,
): Promise<AuditEntry[]> {
  if (gone.length === 0) return [];
  const who = actorFields(audit.actor);
  const note = audit.note ? ` (${audit.note})` : '';
  const label = (f: (typeof gone)[number]) => f.title || f.original_name;
  if (audit.binOf) {
    const group = await trx.selectFrom('groups').select('name').where('id', '=', audit.binOf.groupId).executeTakeFirst();
    const names = gone.slice(0, 20).map(label).join(', ') + (gone.length > 20 ? ', …' : '');
    return [
      {
        ...who,
        companyId: target.companyId,
        action: 'file.bin_emptied',
        targetType: 'group',
        targetId: audit.binOf.groupId,
        targetLabel: group?.name ?? '',
        detail: `${gone.length} files: ${names}${note}`,
      },
    ];
  }
  const where = target.groupId === null ? 'common folder' : `group #${target.groupId}`;
  return gone.map((f) => ({
    ...who,
    companyId: target.companyId,
    action: 'file.deleted',
    targetType: 'file',
    targetId: f.id,
    targetLabel: label(f),
    detail: where + note,
  }));
}

export async function emptyBin(ctx: AppContext, scope: Scope, actor: AuditActor, log?: FastifyBaseLogger): Promise<number> {
  const files = await ctx.db
    .selectFrom('files')
    .select(['id', 'company_id', 'group_id'])
    .where('group_id', '=', scope.groupId!)
    .where('in_bin', '=', 1)
    .execute();
  return files.length ? deleteFiles(ctx, files, log, { actor, binOf: { groupId: scope.groupId! } }) : 0;
}

export async function setMark(
  ctx: AppContext,
  table: 'file_reads' | 'file_favorites',
  userId: number,
  fileId: number,
  on: boolean,
): Promise<void> {
  if (on) {
    await ctx.db
      .insertInto(table)
      .values({ file_id: fileId, user_id: userId, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['file_id', 'user_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom(table).where('file_id', '=', fileId).where('user_id', '=', userId).execute();
  }
}

export async function hasMark(ctx: AppContext, table: 'file_reads' | 'file_favorites', userId: number, fileId: number): Promise<boolean> {
  return (
    (await ctx.db.selectFrom(table).select('file_id').where('file_id', '=', fileId).where('user_id', '=', userId).executeTakeFirst()) !==
    undefined
  );
}
