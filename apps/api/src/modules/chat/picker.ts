import type { AppContext, AuthUser } from '../../kernel';
import { matchesKeyword, paginate } from '../groups';
import { requireChat, requireOwnGroup } from './policy';
import { displayName } from '../../kernel';

/**
 * The create-chat / invite picker (members/me/groups/{groupId}/group-members): active members of
 * one of the caller's groups, minus the caller and the ids already chosen, filtered by the
 * trimmed keyword over name, kana and e-mail. With group_chat_id the chat's current members come
 * back marked is_in_chat (the invite picker lists them but cannot remove them).
 */
export async function pickMembers(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  q: { user_ids?: number[] | '' | undefined; search?: string | undefined; limit: number; page: number; group_chat_id?: number | undefined },
) {
  await requireOwnGroup(ctx, user, groupId);
  const inChat = new Set<number>();
  if (q.group_chat_id !== undefined) {
    const { chat } = await requireChat(ctx, user, q.group_chat_id);
    const rows = await ctx.db
      .selectFrom('chat_members')
      .select('user_id')
      .where('chat_id', '=', chat.id)
      .where('left_at', 'is', null)
      .execute();
    for (const r of rows) inChat.add(r.user_id);
  }
  const chosen = new Set(Array.isArray(q.user_ids) ? q.user_ids : []);
  const keyword = (q.search ?? '').trim();
  const rows = await ctx.db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.id', 'u.last_name', 'u.first_name', 'u.last_name_kana', 'u.first_name_kana', 'u.email', 'u.avatar_small_path'])
    .where('gm.group_id', '=', groupId)
    .where('u.status', '=', 'active')
    .where('u.id', '<>', user.id)
    .orderBy('u.last_name_kana')
    .orderBy('u.first_name_kana')
    .orderBy('u.id')
    .execute();
  const hits = rows.filter(
    (r) =>
      !chosen.has(r.id) &&
      matchesKeyword(
        keyword,
        `${r.last_name}${r.first_name}`,
        `${r.last_name} ${r.first_name}`,
        `${r.last_name_kana}${r.first_name_kana}`,
        r.email,
      ),
  );
  const p = paginate(hits, q.page, q.limit);
  return { ...p, data: p.data.map((r) => ({ id: r.id, name: displayName(r), avatar: r.avatar_small_path, is_in_chat: inChat.has(r.id) })) };
}
