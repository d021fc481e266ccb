import { CHAT_PREVIEW_PLACEHOLDER, FavoriteTargetType, LIMITS, LikeTargetType, MessageSpecial } from '@portal/api-client';
import { sql } from 'kysely';
import {
  activeStatus,
  displayName,
  type FavoriteSource,
  registerFavoriteSource,
  registerUnreadSource,
  shortName,
  type UnreadDetail,
  type UnreadSource,
  type Viewer,
} from '../../kernel';
import { unreadMessages } from './queries';

/**
 * Chat in the notifications engine (unread type 9, "chat content"): one unread item per chat the
 * viewer still belongs to that holds messages they have not read, so a click opens that chat and
 * the engine's total counts chats waiting, not messages (the chat list shows those per chat).
 * "Unread" is the chat module's own rule (`queries.unreadMessages`): someone else's message, not
 * deleted, not a join/leave notice, past the member's read pointer.
 */
/**
 * A chat's title as a list shows it: its given name, or (unnamed) the other members' names, at
 * most two and then the number of the rest (section 9), language-free so any UI can show it.
 */
async function titles(ctx: Parameters<UnreadSource['rows']>[0], v: Viewer, chatIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (chatIds.length === 0) return out;
  const chats = await ctx.db.selectFrom('chats').select(['id', 'name']).where('id', 'in', chatIds).execute();
  const people = await ctx.db
    .selectFrom('chat_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['cm.chat_id', 'u.last_name', 'u.first_name'])
    .where('cm.chat_id', 'in', chatIds)
    .where('cm.left_at', 'is', null)
    .where('cm.user_id', '!=', v.id)
    .orderBy('cm.joined_at')
    .execute();
  for (const c of chats) {
    const names = people.filter((p) => p.chat_id === c.id).map((p) => displayName(p));
    out.set(c.id, c.name || names.slice(0, 2).join('、') + (names.length > 2 ? ` (+${names.length - 2})` : ''));
  }
  return out;
}

function member(ctx: Parameters<UnreadSource['rows']>[0], v: Viewer) {
  return ctx.db
    .selectFrom('chat_members as me')
    .innerJoin('chats as c', 'c.id', 'me.chat_id')
    .where('me.user_id', '=', v.id)
    .where('me.left_at', 'is', null)
    .where('c.company_id', '=', v.companyId);
}

export const chatUnreadSource: UnreadSource = {
  type: LikeTargetType.CHAT_CONTENT,
  area: 'other',
  // A message in any chat the viewer is in (ch:{chat}) can change their count; their own
  // memberships and read pointers are u:{viewer}, which guards every 'other' kind anyway.
  scopes: (ctx, v) =>
    ctx.db
      .selectFrom('chat_members as cm')
      .where('cm.user_id', '=', v.id)
      .where('cm.left_at', 'is', null)
      .select(sql<string>`'ch:' || cm.chat_id`.as('scope')),
  rows(ctx, v, { unreadOnly }) {
    let q = member(ctx, v);
    if (unreadOnly) q = q.where('c.id', 'in', unreadMessages(ctx, v.id).select('msg.chat_id'));
    return q.select(['c.id as target_id', sql<null>`null`.as('group_id'), 'c.last_activity_at as at']) as never;
  },
  async describe(ctx, v, ids) {
    if (ids.length === 0) return new Map();
    // The newest unread message of each chat gives the preview, its sender and avatar.
    const rows = await unreadMessages(ctx, v.id)
      .where('msg.chat_id', 'in', ids)
      .innerJoin('chats as c', 'c.id', 'msg.chat_id')
      .leftJoin('users as u', 'u.id', 'msg.sender_id')
      .select([
        'c.id',
        'c.name',
        'msg.no',
        'msg.content',
        'msg.message_special',
        'u.last_name',
        'u.first_name',
        'u.status',
        'u.avatar_small_path',
      ])
      .orderBy('msg.no', 'desc')
      .execute();
    const out = new Map<number, UnreadDetail>();
    const named = await titles(ctx, v, ids);
    for (const r of rows) {
      if (out.has(r.id)) continue;
      out.set(r.id, {
        group_name: null,
        avatar: r.avatar_small_path,
        topic_id: null,
        topic_comment_id: null,
        title: named.get(r.id) ?? r.name,
        content:
          r.message_special === MessageSpecial.FILES
            ? CHAT_PREVIEW_PLACEHOLDER.file
            : [...r.content].slice(0, LIMITS.previewTextLength).join(''),
        update_by_user: r.last_name === null && r.first_name === null ? null : shortName(displayName(r)),
        user_active_status: activeStatus(r.status, undefined),
        emergency_contact: false,
        allow_anonymous_comment: false,
      });
    }
    return out;
  },
  async markRead(ctx, v, ids) {
    if (ids.length === 0) return;
    // Reading a chat from the notice list reads it to its newest message, as opening it would.
    await ctx.db
      .updateTable('chat_members')
      .set((eb) => ({ read_no: eb.selectFrom('chats').select('chats.last_no').whereRef('chats.id', '=', 'chat_members.chat_id') }))
      .where('user_id', '=', v.id)
      .where('chat_id', 'in', ids)
      .where('left_at', 'is', null)
      .execute();
  },
};

registerUnreadSource(chatUnreadSource);

/**
 * Starred chats in the favourites list (favorite_target_type 4): unread while the chat holds
 * messages the viewer has not read, by the same rule as the notice above, whose mark-read call
 * (`9-{chat id}`) its button uses.
 */
export const chatFavoriteSource: FavoriteSource = {
  type: FavoriteTargetType.CHAT,
  rows: (ctx, v) =>
    member(ctx, v)
      .where('me.favorite', '=', 1)
      .select(['c.id as target_id', sql<null>`null`.as('group_id'), 'c.last_activity_at as at'])
      .select((eb) =>
        eb
          .case()
          .when('c.id', 'in', unreadMessages(ctx, v.id).select('msg.chat_id'))
          .then(sql<number>`0`)
          .else(sql<number>`1`)
          .end()
          .as('is_read'),
      ) as never,
  async describe(ctx, v, ids) {
    if (ids.length === 0) return new Map();
    const unread = await chatUnreadSource.describe(ctx, v, ids);
    const chats = await member(ctx, v).where('c.id', 'in', ids).select(['c.id', 'c.name']).execute();
    const named = await titles(ctx, v, ids);
    return new Map(
      chats.map((c): [number, UnreadDetail] => [
        c.id,
        unread.get(c.id) ?? {
          group_name: null,
          avatar: null,
          topic_id: null,
          topic_comment_id: null,
          title: named.get(c.id) ?? c.name,
          content: '',
          update_by_user: null,
          user_active_status: 0,
          emergency_contact: false,
          allow_anonymous_comment: false,
        },
      ]),
    );
  },
};

registerFavoriteSource(chatFavoriteSource);
