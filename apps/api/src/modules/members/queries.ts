import type { AppContext } from '../../kernel';
import { compiledQuery } from '../../db/compiled';

export function findMeRow(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .selectAll('u')
    .select('c.name as company_name')
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export function findGroupRoles(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['m.group_id', 'm.role_admin', 'm.role_invite', 'm.role_edit_shared_folder', 'm.role_edit_topic'])
    .where('m.user_id', '=', userId)
    .where('g.is_stopped', '=', 0)
    .orderBy('m.group_id')
    .execute();
}

/** Lists read the caller's page size and order on every load: compiled once. */
const settingsQuery = compiledQuery<{ userId: number }>()((db, slot) =>
  db.selectFrom('user_settings').select(['section', 'value']).where('user_id', '=', slot('userId')),
);

export async function findSettings(ctx: AppContext, userId: number): Promise<Record<string, unknown>> {
  const rows = await settingsQuery(ctx.db, { userId });
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      out[row.section] = JSON.parse(row.value);
    } catch {
      // A corrupt row falls back to defaults rather than breaking every page that reads settings.
    }
  }
  return out;
}

export async function saveSection(ctx: AppContext, userId: number, section: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await ctx.db
    .insertInto('user_settings')
    .values({ user_id: userId, section, value: json, updated_at: ctx.now() })
    .onConflict((oc) => oc.columns(['user_id', 'section']).doUpdateSet({ value: json, updated_at: ctx.now() }))
    .execute();
}
