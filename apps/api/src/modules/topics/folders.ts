import type { AppContext } from '../../context';
import { requireFolder, visibleTopics, type Scope } from './policy';

/** Topic folders of a group, by name, with how many live topics the caller sees in each. */
export async function listFolders(ctx: AppContext, scope: Scope) {
  const folders = await ctx.db
    .selectFrom('content_folders')
    .select(['id', 'name'])
    .where('group_id', '=', scope.groupId!)
    .where('kind', '=', 'topic')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const counts = await visibleTopics(ctx.db, scope, ctx.now())
    .select(['t.folder_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.in_bin', '=', 0)
    .where('t.folder_id', 'is not', null)
    .groupBy('t.folder_id')
    .execute();
  const byId = new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  return folders.map((f) => ({ ...f, topic_count: byId.get(f.id) ?? 0 }));
}

async function folderItem(ctx: AppContext, scope: Scope, id: number) {
  const f = (await listFolders(ctx, scope)).find((x) => x.id === id);
  return f ?? { ...(await requireFolder(ctx, scope.groupId!, id)), topic_count: 0 };
}

export async function createFolder(ctx: AppContext, scope: Scope, name: string) {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('content_folders')
    .values({ group_id: scope.groupId!, kind: 'topic', name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return folderItem(ctx, scope, row.id);
}

export async function renameFolder(ctx: AppContext, scope: Scope, folderId: number, name: string) {
  await requireFolder(ctx, scope.groupId!, folderId);
  await ctx.db.updateTable('content_folders').set({ name, updated_at: ctx.now() }).where('id', '=', folderId).execute();
  return folderItem(ctx, scope, folderId);
}

/** Deleting a folder never deletes topics: they become unclassified (the FK sets null). */
export async function deleteFolder(ctx: AppContext, scope: Scope, folderId: number): Promise<void> {
  await requireFolder(ctx, scope.groupId!, folderId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('topics').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
    await trx.deleteFrom('content_folders').where('id', '=', folderId).execute();
  });
}
