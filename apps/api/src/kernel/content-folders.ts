import type { AppContext } from './context';
import { compiledQuery } from '../db/compiled';
import { HttpError } from '../http/errors';

/**
 * Folders of a group's topics and of its shared files live in one table, content_folders, told
 * apart by `kind`. The topic and file engines differ only in what they count inside a folder and
 * which rows fall back to "unclassified" when a folder is deleted; the rest is here, once.
 */
export type FolderKind = 'topic' | 'file';

export const folderNotFound = () => new HttpError(404, 'FOLDER_NOT_FOUND', 'The folder does not exist.');

/** A folder of this kind in this group, or 404: never a folder of another group or engine. */
export async function requireContentFolder(ctx: AppContext, kind: FolderKind, groupId: number, folderId: number) {
  const row = await ctx.db
    .selectFrom('content_folders')
    .selectAll()
    .where('id', '=', folderId)
    .where('group_id', '=', groupId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw folderNotFound();
  return row;
}

/** A group's folders of one kind by name: every feed and shared-folder view reads them. */
const foldersQuery = compiledQuery<{ groupId: number; kind: FolderKind }>()((db, slot) =>
  db
    .selectFrom('content_folders')
    .select(['id', 'name'])
    .where('group_id', '=', slot('groupId'))
    .where('kind', '=', slot('kind'))
    .orderBy('name')
    .orderBy('id'),
);

interface FolderEngine<S, K extends string> {
  kind: FolderKind;
  /** The rows filed in these folders; deleting a folder makes them unclassified. */
  itemTable: 'topics' | 'files';
  /** Name of the per-folder count in responses (topic_count, file_count). */
  countField: K;
  /** Live items per folder id, as the caller may see them. */
  countLive(ctx: AppContext, scope: S): Promise<Map<number | null, number>>;
}

type FolderItem<K extends string> = { id: number; name: string } & Record<K, number>;

export function folderService<S extends { groupId: number | null }, K extends string>(engine: FolderEngine<S, K>) {
  const groupOf = (scope: S) => scope.groupId!;

  async function listFolders(ctx: AppContext, scope: S): Promise<FolderItem<K>[]> {
    const folders = await foldersQuery(ctx.db, { groupId: groupOf(scope), kind: engine.kind });
    // No folders, nothing to count: most groups have none, and the count is a round trip.
    if (folders.length === 0) return [];
    const counts = await engine.countLive(ctx, scope);
    return folders.map((f) => ({ ...f, [engine.countField]: counts.get(f.id) ?? 0 }) as FolderItem<K>);
  }

  async function folderItem(ctx: AppContext, scope: S, id: number): Promise<FolderItem<K>> {
    const found = (await listFolders(ctx, scope)).find((x) => x.id === id);
    if (found) return found;
    const row = await requireContentFolder(ctx, engine.kind, groupOf(scope), id);
    return { id: row.id, name: row.name, [engine.countField]: 0 } as FolderItem<K>;
  }

  async function createFolder(ctx: AppContext, scope: S, name: string) {
    const now = ctx.now();
    const row = await ctx.db
      .insertInto('content_folders')
      .values({ group_id: groupOf(scope), kind: engine.kind, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return folderItem(ctx, scope, row.id);
  }

  async function renameFolder(ctx: AppContext, scope: S, folderId: number, name: string) {
    await requireContentFolder(ctx, engine.kind, groupOf(scope), folderId);
    await ctx.db.updateTable('content_folders').set({ name, updated_at: ctx.now() }).where('id', '=', folderId).execute();
    return folderItem(ctx, scope, folderId);
  }

  /** Deleting a folder never deletes what is in it: those rows become unclassified. */
  async function deleteFolder(ctx: AppContext, scope: S, folderId: number): Promise<void> {
    await requireContentFolder(ctx, engine.kind, groupOf(scope), folderId);
    await ctx.db.transaction().execute(async (trx) => {
      if (engine.itemTable === 'topics') {
        await trx.updateTable('topics').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
      } else {
        await trx.updateTable('files').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
      }
      await trx.deleteFrom('content_folders').where('id', '=', folderId).execute();
    });
  }

  return { listFolders, createFolder, renameFolder, deleteFolder };
}
