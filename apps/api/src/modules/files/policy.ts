import { LIMITS } from '@portal/api-client';
import { sql, type Selectable } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import {
  commonContentScope,
  type ContentAction,
  type ContentScope,
  folderNotFound,
  groupContentScope,
  requireContentFolder,
  visibleTopics,
} from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';

/**
 * Who may see and change which file. A request first resolves a Scope (the group it names, or the
 * caller's company for common files); every further id (file, history entry, folder) is looked
 * up *inside* that scope. A list of ids is accepted only when every id is found there, so one
 * file of another group fails the whole request, whatever other ids it carries.
 */
export interface Scope extends ContentScope {
  /** Per-file upload bound in MB (group max_img_size_per_attachment; LIMITS.commonMaxFileMb). */
  maxFileMb: number;
}

export type FileAction = ContentAction;
export type FileRecord = Selectable<DB['files']>;

export const fileNotFound = () => new HttpError(404, 'FILE_NOT_FOUND', 'The file does not exist.');
export const historyNotFound = () => new HttpError(404, 'HISTORY_NOT_FOUND', 'The history entry does not exist.');
export { folderNotFound };

/**
 * A topic's attachment changes only through its topic (spec: "attach folder files cannot be
 * moved"): the shared-folder calls read it, but whoever holds only the shared-folder right must
 * not overwrite, rename, restore or delete what a topic's author attached.
 */
export const attachmentNotEditable = () =>
  new HttpError(400, 'ATTACH_FILE_NOT_EDITABLE', 'A topic attachment changes only through its topic.');

export function requireEditable<T extends Pick<FileRecord, 'is_attachment'>>(files: T[]): T[] {
  if (files.some((f) => f.is_attachment === 1)) throw attachmentNotEditable();
  return files;
}

export async function groupScope(ctx: AppContext, user: AuthUser, groupId: number, action: FileAction): Promise<Scope> {
  const { scope, access } = await groupContentScope(ctx, user, groupId, action, 'role_edit_shared_folder');
  return { ...scope, maxFileMb: access.group.max_img_size_per_attachment };
}

/** Common files: every active user of the company reads; common_topic_role writes. */
export async function commonScope(ctx: AppContext, user: AuthUser, action: FileAction): Promise<Scope> {
  return { ...(await commonContentScope(ctx, user, action)), maxFileMb: LIMITS.commonMaxFileMb };
}

/**
 * The files table restricted to the scope: its group's files, or its company's common files. A
 * topic's attachment is there only for whoever reads the topic (not before a scheduled topic's
 * delivery, and a common topic's only in its destination groups). A group attachment whose topic
 * was deleted stays with the group; a common one goes with its topic, so it never widens to the
 * whole company.
 */
export function scopedFiles(ctx: AppContext, scope: Scope) {
  const q = ctx.db.selectFrom('files as f').where('f.company_id', '=', scope.companyId);
  const inScope = scope.kind === 'group' ? q.where('f.group_id', '=', scope.groupId!) : q.where('f.group_id', 'is', null);
  const topics = visibleTopics(ctx.db, scope, ctx.now()).select('t.id').where('t.id', '=', sql.ref<number>('f.topic_id'));
  return inScope.where((eb) =>
    eb.or([scope.kind === 'group' ? eb('f.topic_id', 'is', null) : eb('f.is_attachment', '=', 0), eb.exists(topics)]),
  );
}

interface FileOpts {
  inBin?: boolean;
  /** The caller changes the file: an attachment is refused (after the scope found it). */
  edit?: boolean;
}

export async function requireFile(ctx: AppContext, scope: Scope, fileId: number, opts: FileOpts = {}): Promise<FileRecord> {
  return (await requireFiles(ctx, scope, [fileId], opts))[0]!;
}

/** Every id must be a file of the scope; one stranger id fails the whole request. */
export async function requireFiles(ctx: AppContext, scope: Scope, ids: number[], opts: FileOpts = {}): Promise<FileRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await scopedFiles(ctx, scope).selectAll('f').where('f.id', 'in', unique).execute();
  if (rows.length !== unique.length) throw fileNotFound();
  if (opts.edit) requireEditable(rows);
  if (opts.inBin !== undefined && rows.some((r) => r.in_bin !== (opts.inBin ? 1 : 0))) throw fileNotFound();
  // Keep the caller's order (zip entries follow it).
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

/** A history entry of a file already found in scope; another file's entry is not found. */
export async function requireHistory(ctx: AppContext, file: FileRecord, historyId: number) {
  const row = await ctx.db
    .selectFrom('file_versions')
    .selectAll()
    .where('id', '=', historyId)
    .where('file_id', '=', file.id)
    .executeTakeFirst();
  if (!row) throw historyNotFound();
  return row;
}

export function requireFolder(ctx: AppContext, groupId: number, folderId: number) {
  return requireContentFolder(ctx, FILE_FOLDER_KIND, groupId, folderId);
}

/** content_folders.kind of shared-folder folders (topic folders are 'topic'). */
export const FILE_FOLDER_KIND = 'file';
