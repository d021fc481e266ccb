import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import { containsPattern, normalizeForSearch } from '../../text/search';
import { authorizeGroup } from '../../kernel';

/** `name:山田;name_kana:やま` → its parts; a plain term searches both. */
export function parseMemberSearch(search: string | undefined): { name: string; kana: string; either: string } {
  const out = { name: '', kana: '', either: '' };
  if (!search) return out;
  if (!/(^|;)\s*name(_kana)?:/.test(search)) {
    out.either = search;
    return out;
  }
  for (const part of search.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const key = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (key === 'name') out.name = value;
    if (key === 'name_kana') out.kana = value;
  }
  return out;
}

// Names are matched without the space between family and given name, as people type them.
const compact = (s: string) => normalizeForSearch(s).replace(/\s+/g, '');

/**
 * Employees of the caller's company who are not (yet) members of the group, for the invite
 * pages: active accounts only, paged, ordered by kana. Needs the invite right in the group.
 */
export async function notInGroupMembers(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  query: { search?: string | undefined; page: number; limit: number },
) {
  await authorizeGroup(ctx, user, groupId, 'invite');
  const terms = parseMemberSearch(query.search);
  const name = sql`(u.last_name || u.first_name)`;
  const kana = sql`(u.last_name_kana || u.first_name_kana)`;
  let q = ctx.db
    .selectFrom('users as u')
    .where('u.company_id', '=', user.companyId)
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('group_members as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id').where('m.group_id', '=', groupId),
        ),
      ),
    );
  if (terms.name) q = q.where(sql<boolean>`${name} like ${containsPattern(compact(terms.name))} escape '\\'`);
  if (terms.kana) q = q.where(sql<boolean>`${kana} like ${containsPattern(compact(terms.kana))} escape '\\'`);
  if (terms.either) {
    const p = containsPattern(compact(terms.either));
    q = q.where(sql<boolean>`(${name} like ${p} escape '\\' or ${kana} like ${p} escape '\\')`);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select(['u.id', 'u.last_name', 'u.first_name', 'u.last_name_kana', 'u.first_name_kana', 'u.avatar_small_path'])
    .orderBy('u.last_name_kana')
    .orderBy('u.first_name_kana')
    .orderBy('u.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: `${r.last_name} ${r.first_name}`.trim() || 'User',
      name_kana: `${r.last_name_kana} ${r.first_name_kana}`.trim(),
      avatar_small: r.avatar_small_path,
    })),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
    total,
  };
}
