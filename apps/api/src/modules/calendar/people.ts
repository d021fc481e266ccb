import type { AppContext, AuthUser } from '../../kernel';
import { sql } from 'kysely';
import { containsPattern, normalizeForSearch } from '../../text/search';
import { myGroupIds } from './policy';
import { equipmentQuery, userRef } from './queries';

const ids = (s?: string) => (s ? s.split(',').map(Number) : undefined);
const pageOf = <T>(data: T[], page: number, limit: number, total: number) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / limit)),
  total,
});

/** People the caller can share an event with: active members of their groups (not themselves). */
export async function sharablePeople(
  ctx: AppContext,
  user: AuthUser,
  q: { search?: string; user_ids?: string; page: number; limit: number },
) {
  const groups = await myGroupIds(ctx, user.id);
  if (groups.length === 0) return pageOf([], q.page, q.limit, 0);
  let base = ctx.db
    .selectFrom('users as u')
    .where('u.status', '=', 'active')
    .where('u.id', '<>', user.id)
    .where('u.id', 'in', ctx.db.selectFrom('group_members').select('user_id').where('group_id', 'in', groups));
  const only = ids(q.user_ids);
  if (only) base = base.where('u.id', 'in', only);
  if (q.search) {
    // Names are short: fold the term (NFKC, case, katakana → hiragana) and match the name or its kana.
    const p = containsPattern(normalizeForSearch(q.search));
    base = base.where(
      sql<boolean>`(lower(u.last_name || u.first_name) like ${p} escape '\\' or (u.last_name_kana || u.first_name_kana) like ${p} escape '\\')`,
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['u.id', 'u.last_name', 'u.first_name'])
    .orderBy('u.last_name_kana')
    .orderBy('u.id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return pageOf(
    rows.map((r) => userRef(r.id, r.last_name, r.first_name)),
    q.page,
    q.limit,
    Number(total?.n ?? 0),
  );
}

/** Equipment of the caller's groups, by group name filter or ids. */
export async function bookableEquipment(
  ctx: AppContext,
  user: AuthUser,
  q: { group_name?: string; list_setting_device_ids?: string; page: number; limit: number },
) {
  const groups = await myGroupIds(ctx, user.id);
  if (groups.length === 0) return pageOf([], q.page, q.limit, 0);
  let base = equipmentQuery(ctx.db).where('q.group_id', 'in', groups);
  const only = ids(q.list_setting_device_ids);
  if (only) base = base.where('q.id', 'in', only);
  if (q.group_name) base = base.where(sql<boolean>`g.name like ${containsPattern(q.group_name)} escape '\\'`);
  const all = await base.orderBy('g.name').orderBy('q.id').execute();
  return pageOf(all.slice((q.page - 1) * q.limit, q.page * q.limit), q.page, q.limit, all.length);
}
