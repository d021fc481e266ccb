import type { AppContext } from '../../context';

/** Equipment a group books in the calendar; names are free text (the spec sets no uniqueness). */
const item = (r: { id: number; name: string; created_at: number }) => ({ id: r.id, name: r.name, created_at: Number(r.created_at) });

export async function listEquipment(ctx: AppContext, groupId: number) {
  const rows = await ctx.db.selectFrom('group_equipments').select(['id', 'name', 'created_at']).where('group_id', '=', groupId).orderBy('id').execute();
  return rows.map(item);
}

export async function createEquipment(ctx: AppContext, groupId: number, name: string) {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('group_equipments')
    .values({ group_id: groupId, name, created_at: now, updated_at: now })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return item(row);
}

export async function renameEquipment(ctx: AppContext, equipmentId: number, name: string) {
  const row = await ctx.db
    .updateTable('group_equipments')
    .set({ name, updated_at: ctx.now() })
    .where('id', '=', equipmentId)
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return item(row);
}

export async function deleteEquipment(ctx: AppContext, equipmentId: number): Promise<void> {
  await ctx.db.deleteFrom('group_equipments').where('id', '=', equipmentId).execute();
}
