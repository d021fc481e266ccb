import type { AppContext } from '../../kernel';

/** Equipment a group books in the calendar; names are free text (the spec sets no uniqueness). */
const item = (r: { id: number; name: string; opening_time: string | null; closing_time: string | null; created_at: number }) => ({
  id: r.id,
  name: r.name,
  opening_time: r.opening_time,
  closing_time: r.closing_time,
  created_at: Number(r.created_at),
});
const COLUMNS = ['id', 'name', 'opening_time', 'closing_time', 'created_at'] as const;
/** Business hours as the body gives them: both set, both null (cleared), or absent (kept). */
export interface Hours {
  opening_time?: string | null;
  closing_time?: string | null;
}

export async function listEquipment(ctx: AppContext, groupId: number) {
  const rows = await ctx.db.selectFrom('group_equipments').select(COLUMNS).where('group_id', '=', groupId).orderBy('id').execute();
  return rows.map(item);
}

export async function createEquipment(ctx: AppContext, groupId: number, name: string, hours: Hours = {}) {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('group_equipments')
    .values({
      group_id: groupId,
      name,
      opening_time: hours.opening_time ?? null,
      closing_time: hours.closing_time ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return item(row);
}

export async function renameEquipment(ctx: AppContext, equipmentId: number, name: string, hours: Hours = {}) {
  const row = await ctx.db
    .updateTable('group_equipments')
    .set({
      name,
      ...(hours.opening_time !== undefined ? { opening_time: hours.opening_time, closing_time: hours.closing_time ?? null } : {}),
      updated_at: ctx.now(),
    })
    .where('id', '=', equipmentId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return item(row);
}

export async function deleteEquipment(ctx: AppContext, equipmentId: number): Promise<void> {
  await ctx.db.deleteFrom('group_equipments').where('id', '=', equipmentId).execute();
}
