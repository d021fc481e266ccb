import type { FileListQuery, FileRow } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { listOptions as resolveListOptions, type ListOptions } from '../members';
import { keysetPage } from '../../http/cursor';
import { scopedFiles, type FileRecord, type Scope } from './policy';
import { activeStatus, displayName, shortName } from '../../kernel';

export type ListKind =
  | { kind: 'all' }
  | { kind: 'unclassified' }
  | { kind: 'bin' }
  | { kind: 'attachments' }
  | { kind: 'folder'; folderId: number };

export type { ListOptions };

/** Missing list parameters come from the caller's page size and shared-folder sort settings. */
export function listOptions(
  ctx: AppContext,
  userId: number,
  area: 'group_shared_folder' | 'common_shared_folder',
  q: FileListQuery,
): Promise<ListOptions> {
  return resolveListOptions(ctx, userId, area, { ...q, unreadOnly: q.unreadOnly ?? q.unread_only });
}

/** One page of a file list; keyset on (sort column, id) with a cursor, OFFSET for numbered pages. */
export async function listFiles(ctx: AppContext, scope: Scope, list: ListKind, opts: ListOptions) {
  const col = opts.orderBy === 'title' ? 'f.title' : 'f.updated_at';
  const dir = opts.sortedBy;
  let q = scopedFiles(ctx, scope)
    .leftJoin('users as u', 'u.id', 'f.uploader_id')
    .leftJoin('file_reads as r', (j) => j.onRef('r.file_id', '=', 'f.id').on('r.user_id', '=', scope.userId))
    .select([
      'f.id',
      'f.group_id',
      'f.title',
      'f.original_name',
      'f.kind',
      'f.size',
      'f.version',
      'f.created_at',
      'f.updated_at',
      'f.folder_id',
      'f.topic_id',
      'f.in_bin',
      'f.thumb_key',
      'u.last_name',
      'u.first_name',
      'u.status as uploader_status',
      'r.user_id as read_by',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('group_members as gm')
            .select(sql`1`.as('one'))
            .whereRef('gm.group_id', '=', 'f.group_id')
            .whereRef('gm.user_id', '=', 'f.uploader_id'),
        )
        .as('uploader_in_group'),
    )
    .where('f.in_bin', '=', list.kind === 'bin' ? 1 : 0);
  if (list.kind === 'unclassified') q = q.where('f.folder_id', 'is', null).where('f.is_attachment', '=', 0);
  if (list.kind === 'attachments') q = q.where('f.is_attachment', '=', 1);
  if (list.kind === 'folder') q = q.where('f.folder_id', '=', list.folderId);
  if (opts.unreadOnly) q = q.where('r.user_id', 'is', null);
  return keysetPage(
    q,
    { ...opts, col, idCol: 'f.id', dir },
    (r): FileRow => ({
      id: r.id,
      group_id: r.group_id,
      title: r.title,
      name: r.original_name,
      kind: r.kind as FileRow['kind'],
      size: Number(r.size),
      version: r.version,
      uploader: shortName(displayName(r)),
      user_active_status: activeStatus(r.uploader_status, scope.kind === 'group' ? r.uploader_in_group : undefined),
      created_at: r.created_at,
      updated_at: r.updated_at,
      is_read: r.read_by !== null,
      folder_id: r.folder_id,
      topic_id: r.topic_id,
      is_in_bin: r.in_bin === 1,
      has_thumbnail: r.thumb_key !== null,
    }),
  );
}

const unread = (userId: number) => (eb: any) =>
  eb.not(
    eb.exists(eb.selectFrom('file_reads as r').select(sql`1`.as('one')).whereRef('r.file_id', '=', 'f.id').where('r.user_id', '=', userId)),
  );

export async function countFiles(ctx: AppContext, scope: Scope) {
  const count = async (build: (q: ReturnType<typeof scopedFiles>) => ReturnType<typeof scopedFiles>) =>
    Number(
      (
        await build(scopedFiles(ctx, scope))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [all, unreadCount, unclassified, attachments, inBin] = await Promise.all([
    count((q) => q.where('f.in_bin', '=', 0)),
    count((q) => q.where('f.in_bin', '=', 0).where(unread(scope.userId))),
    count((q) => q.where('f.in_bin', '=', 0).where('f.folder_id', 'is', null).where('f.is_attachment', '=', 0)),
    count((q) => q.where('f.in_bin', '=', 0).where('f.is_attachment', '=', 1)),
    count((q) => q.where('f.in_bin', '=', 1)),
  ]);
  return { all, unread: unreadCount, unclassified, attachments, in_bin: inBin };
}

/** Unread group files per group, for the group list badges. */
export async function unreadByGroup(ctx: AppContext, userId: number, groupIds: number[]): Promise<Map<number, number>> {
  const rows = await ctx.db
    .selectFrom('files as f')
    .select(['f.group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f.group_id', 'in', groupIds)
    .where('f.in_bin', '=', 0)
    .where(unread(userId))
    // A scheduled topic's attachments are its author's alone until delivery: not even their count.
    .where((eb) =>
      eb.or([
        eb('f.topic_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('topics as t')
            .select('t.id')
            .whereRef('t.id', '=', 'f.topic_id')
            .where((w) => w.or([w('t.delivery_at', '<=', ctx.now()), w('t.author_id', '=', userId)])),
        ),
      ]),
    )
    .groupBy('f.group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id!, Number(r.n)]));
}

export type { FileRecord };
