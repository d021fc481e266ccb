import { CHAT_PREVIEW_PLACEHOLDER, LIMITS, LikeType, MessageSpecial } from '@portal/api-client';
import { activeStatus, displayName, type LikeDetail, type LikeSource, registerLikeSource, shortName } from '../../kernel';

/**
 * Likes on the viewer's own chat messages in the like notices (like type 5, section 3). Only
 * chats the viewer still belongs to count, and a deleted message takes its likes with it. The
 * notice's `topic_id` carries the chat id, which is what its link opens (`/chat/detail/{id}`);
 * `comment_id` is the message.
 */
export const chatLikeSource: LikeSource = {
  type: LikeType.CHAT,
  rows: (ctx, v) =>
    ctx.db
      .selectFrom('chat_message_likes as l')
      .innerJoin('chat_messages as msg', 'msg.id', 'l.message_id')
      .innerJoin('chat_members as me', (j) => j.onRef('me.chat_id', '=', 'msg.chat_id').on('me.user_id', '=', v.id))
      .where('me.left_at', 'is', null)
      .where('msg.sender_id', '=', v.id)
      .where('msg.deleted_at', 'is', null)
      .where('l.user_id', '!=', v.id)
      // A UNION ALL matches columns by position: the same order as every other like source.
      .select(
        (eb) => ['msg.id as target_id', eb.val(null).as('group_id'), 'l.user_id as liker_id', 'l.created_at as at'] as never,
      ) as never,
  async describe(ctx, v, ids) {
    const out = new Map<number, LikeDetail>();
    if (ids.length === 0) return out;
    const rows = await ctx.db
      .selectFrom('chat_messages as msg')
      .innerJoin('chats as c', 'c.id', 'msg.chat_id')
      .select(['msg.id', 'msg.chat_id', 'msg.content', 'msg.message_special', 'c.name'])
      .where('msg.id', 'in', ids)
      .execute();
    const likers = await ctx.db
      .selectFrom('chat_message_likes as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.message_id', 'u.last_name', 'u.first_name', 'u.status'])
      .where('l.message_id', 'in', ids)
      .where('l.user_id', '!=', v.id)
      .orderBy('l.created_at', 'desc')
      .execute();
    for (const r of rows) {
      out.set(r.id, {
        topic_id: r.chat_id,
        comment_id: r.id,
        like_target: r.name,
        like_character_change: '',
        comment_content:
          r.message_special === MessageSpecial.FILES
            ? CHAT_PREVIEW_PLACEHOLDER.file
            : [...r.content].slice(0, LIMITS.previewTextLength).join(''),
        update_by_user: likers
          .filter((l) => l.message_id === r.id)
          .slice(0, 20)
          .map((l) => ({ name: shortName(displayName(l)), user_active_status: activeStatus(l.status, undefined) })),
      });
    }
    return out;
  },
};

registerLikeSource(chatLikeSource);
