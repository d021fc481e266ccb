import type { FileDetail } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { inlineAllowed } from '../../storage/file-kind';
import type { FileRecord, Scope } from './policy';
import { hasMark } from './service';
import { activeStatus, displayName, shortName } from '../../kernel';

const DAY = 86_400_000;

async function person(ctx: AppContext, id: number | null) {
  if (id === null) return { id: null, name: 'User', status: null };
  const u = await ctx.db.selectFrom('users').select(['last_name', 'first_name', 'status']).where('id', '=', id).executeTakeFirst();
  return { id, name: u ? shortName(displayName(u)) : 'User', status: u?.status ?? null };
}

/** A person as the answer shows one: the status only feeds user_active_status. */
const named = (p: { id: number | null; name: string }) => ({ id: p.id, name: p.name });

/** One file for the detail page; `file` was already found inside `scope`. */
export async function fileDetail(ctx: AppContext, scope: Scope, file: FileRecord): Promise<FileDetail> {
  const [creator, updater, uploader, folder, isFavor, isRead, history, inGroup] = await Promise.all([
    person(ctx, file.creator_id),
    person(ctx, file.updater_id),
    person(ctx, file.uploader_id),
    file.folder_id === null
      ? null
      : ctx.db.selectFrom('content_folders').select('name').where('id', '=', file.folder_id).executeTakeFirst(),
    hasMark(ctx, 'file_favorites', scope.userId, file.id),
    hasMark(ctx, 'file_reads', scope.userId, file.id),
    ctx.db
      .selectFrom('file_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('file_id', '=', file.id)
      .executeTakeFirstOrThrow(),
    file.group_id === null || file.uploader_id === null
      ? true
      : ctx.db
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', file.group_id)
          .where('user_id', '=', file.uploader_id)
          .executeTakeFirst()
          .then(Boolean),
  ]);
  return {
    id: file.id,
    group_id: file.group_id,
    title: file.title,
    name: file.original_name,
    kind: file.kind as FileDetail['kind'],
    size: Number(file.size),
    version: file.version,
    uploader: uploader.name,
    user_active_status: activeStatus(uploader.status, file.group_id === null ? undefined : inGroup),
    created_at: file.created_at,
    updated_at: file.updated_at,
    is_read: isRead,
    folder_id: file.folder_id,
    topic_id: file.topic_id,
    is_in_bin: file.in_bin === 1,
    has_thumbnail: file.thumb_key !== null,
    memo: file.memo,
    mime: file.mime,
    folder: { id: file.folder_id, name: folder?.name ?? null, is_attach_folder: file.is_attachment === 1 },
    creator: named(creator),
    updater: named(updater),
    last_uploader: named(uploader),
    moved_to_bin_at: file.moved_to_bin_at,
    date_remove:
      file.in_bin === 1 && file.moved_to_bin_at !== null && scope.autoDeleteDays > 0
        ? file.moved_to_bin_at + scope.autoDeleteDays * DAY
        : null,
    is_favor: isFavor,
    can_preview: inlineAllowed(file.mime),
    // A company administrator reads common files like everyone; only the common-topic right writes them.
    // An attachment changes only through its topic.
    can_edit: file.is_attachment !== 1 && (scope.kind === 'common' ? scope.canWrite : scope.canWrite || scope.isAdmin),
    history_count: Number(history.n),
  };
}
