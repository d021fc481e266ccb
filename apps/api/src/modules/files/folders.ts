import type { AppContext } from '../../context';
import { FILE_FOLDER_KIND, requireFolder, type Scope } from './policy';

/** Shared-folder folders of a group (content_folders kind 'file'), with live file counts. */
export async function listFolders(ctx: AppContext, scope: Scope) {
  const groupId = scope.groupId!;
  const folders = await ctx.db
    .selectFrom('content_folders')
    .select(['id', 'name'])
    .where('group_id', '=', groupId)
    .where('kind', '=', FILE_FOLDER_KIND)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const counts = await ctx.db
    .selectFrom('files')
    .select(['folder_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', '=', groupId)
    .where('in_bin', '=', 0)
    .where('folder_id', 'is not', null)
    .groupBy('folder_id')
    .execute();
  const byId = new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  return folders.map((f) => ({ ...f, file_count: byId.get(f.id) ?? 0 }));
}

async function folderItem(ctx: AppContext, scope: Scope, id: number) {
  const f = (await listFolders(ctx, scope)).find((x) => x.id === id);
  return f ?? { ...(await requireFolder(ctx, scope.groupId!, id)), file_count: 0 };
}

export async function createFolder(ctx: AppContext, scope: Scope, name: string) {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('content_folders')
    .values({ group_id: scope.groupId!, kind: FILE_FOLDER_KIND, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return folderItem(ctx, scope, row.id);
}

export async function renameFolder(ctx: AppContext, scope: Scope, folderId: number, name: string) {
  await requireFolder(ctx, scope.groupId!, folderId);
  await ctx.db.updateTable('content_folders').set({ name, updated_at: ctx.now() }).where('id', '=', folderId).execute();
  return folderItem(ctx, scope, folderId);
}

/** Deleting a folder never deletes files: they become unclassified. */
export async function deleteFolder(ctx: AppContext, scope: Scope, folderId: number): Promise<void> {
  await requireFolder(ctx, scope.groupId!, folderId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('files').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
    await trx.deleteFrom('content_folders').where('id', '=', folderId).execute();
  });
}
