import type { AppContext } from '../../kernel';
import { compiledQuery } from '../../db/compiled';
import { HttpError } from '../../http/errors';
import { requireOwnFolder, requireOwnGroups } from './policy';

// Home reads the caller's folders on every view: both statements compiled once.
const foldersQuery = compiledQuery<{ userId: number }>()((db, slot) =>
  db
    .selectFrom('user_group_folders')
    .select(['id', 'name', 'memo', 'display_order'])
    .where('user_id', '=', slot('userId'))
    .orderBy('display_order')
    .orderBy('id'),
);
const filedQuery = compiledQuery<{ userId: number }>()((db, slot) =>
  db
    .selectFrom('group_members')
    .select(['group_id', 'folder_id'])
    .where('user_id', '=', slot('userId'))
    .where('folder_id', 'is not', null)
    .orderBy('display_order')
    .orderBy('group_id'),
);

/** The caller's folders in display order, each with the ids of the groups inside, in order. */
export async function listFolders(ctx: AppContext, userId: number) {
  const folders = await foldersQuery(ctx.db, { userId });
  // No folders, no groups filed in one: most people have none, and each read is a round trip.
  if (folders.length === 0) return [];
  const members = await filedQuery(ctx.db, { userId });
  return folders.map((f) => ({ ...f, group_ids: members.filter((m) => m.folder_id === f.id).map((m) => m.group_id) }));
}

async function folderItem(ctx: AppContext, userId: number, folderId: number) {
  const f = (await listFolders(ctx, userId)).find((x) => x.id === folderId);
  if (!f) throw new HttpError(404, 'NOT_FOUND', 'The folder does not exist.');
  return f;
}

export async function createFolder(ctx: AppContext, userId: number, body: { name: string; memo?: string | undefined }) {
  const now = ctx.now();
  const last = await ctx.db
    .selectFrom('user_group_folders')
    .select((eb) => eb.fn.max('display_order').as('m'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const row = await ctx.db
    .insertInto('user_group_folders')
    .values({
      user_id: userId,
      name: body.name,
      memo: body.memo ?? '',
      display_order: Number(last?.m ?? 0) + 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return folderItem(ctx, userId, row.id);
}

export async function updateFolder(
  ctx: AppContext,
  userId: number,
  folderId: number,
  patch: { name?: string | undefined; memo?: string | undefined },
) {
  await requireOwnFolder(ctx, userId, folderId);
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await ctx.db
    .updateTable('user_group_folders')
    .set({ ...values, updated_at: ctx.now() })
    .where('id', '=', folderId)
    .execute();
  return folderItem(ctx, userId, folderId);
}

/** Deleting a folder never removes groups: they go back to the top level. */
export async function deleteFolder(ctx: AppContext, userId: number, folderId: number): Promise<void> {
  await requireOwnFolder(ctx, userId, folderId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('group_members')
      .set({ folder_id: null })
      .where('user_id', '=', userId)
      .where('folder_id', '=', folderId)
      .execute();
    await trx.deleteFrom('user_group_folders').where('id', '=', folderId).execute();
  });
}

export async function moveGroupToFolder(ctx: AppContext, userId: number, groupId: number, folderId: number | null): Promise<void> {
  await requireOwnGroups(ctx, userId, [groupId]);
  if (folderId !== null) await requireOwnFolder(ctx, userId, folderId);
  await ctx.db
    .updateTable('group_members')
    .set({ folder_id: folderId })
    .where('user_id', '=', userId)
    .where('group_id', '=', groupId)
    .execute();
}

/** Positions follow the order of the given ids; groups and folders not named keep theirs. */
export async function updateOrder(
  ctx: AppContext,
  userId: number,
  body: { group_ids?: number[] | undefined; folder_ids?: number[] | undefined },
) {
  const groupIds = body.group_ids ?? [];
  const folderIds = body.folder_ids ?? [];
  await requireOwnGroups(ctx, userId, groupIds);
  for (const id of new Set(folderIds)) await requireOwnFolder(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, id] of groupIds.entries()) {
      await trx
        .updateTable('group_members')
        .set({ display_order: i + 1 })
        .where('user_id', '=', userId)
        .where('group_id', '=', id)
        .execute();
    }
    for (const [i, id] of folderIds.entries()) {
      await trx
        .updateTable('user_group_folders')
        .set({ display_order: i + 1, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
    }
  });
}

export async function orderInFolder(ctx: AppContext, userId: number, folderId: number, groupIds: number[]): Promise<void> {
  await requireOwnFolder(ctx, userId, folderId);
  const inside = await ctx.db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .where('folder_id', '=', folderId)
    .where('group_id', 'in', [...new Set(groupIds)])
    .execute();
  if (inside.length !== new Set(groupIds).size) throw new HttpError(404, 'GROUP_NOT_FOUND', 'A group is not in this folder.');
  await updateOrder(ctx, userId, { group_ids: groupIds });
}
