import { LikeTargetType, UserActiveStatus } from '@portal/api-client';
import { sql } from 'kysely';
import { registerUnreadSource, type UnreadDetail, type UnreadSource } from '../../kernel';
import { refreshSavedHits } from './saved';

/**
 * Saved searches in the unread notifications ("new hits counted in their unread
 * notifications"): one unread item per saved search with new hits, so the total counts saved
 * searches waiting (the item says how many hits), like chat counts chats. The hits are worked
 * out with the search itself (the caller's read rights at that time) and stored by
 * refreshSavedHits; marking the item read is opening the search ("seen").
 */
export const savedSearchUnreadSource: UnreadSource = {
  type: LikeTargetType.SAVED_SEARCH,
  area: 'other',
  refresh: (ctx, v) => refreshSavedHits(ctx, v),
  rows(ctx, v, { unreadOnly }) {
    let q = ctx.db.selectFrom('saved_searches as s').where('s.user_id', '=', v.id);
    if (unreadOnly) q = q.where('s.new_count', '>', 0);
    return q.select([
      's.id as target_id',
      sql<null>`null`.as('group_id'),
      sql<number>`coalesce(s.hits_at, s.last_seen_at)`.as('at'),
    ]) as never;
  },
  async describe(ctx, v, ids) {
    const out = new Map<number, UnreadDetail>();
    if (ids.length === 0) return out;
    const rows = await ctx.db.selectFrom('saved_searches').selectAll().where('user_id', '=', v.id).where('id', 'in', ids).execute();
    for (const r of rows) {
      out.set(r.id, {
        group_name: null,
        avatar: null,
        topic_id: null,
        topic_comment_id: null,
        title: r.name,
        content: '',
        update_by_user: null,
        user_active_status: UserActiveStatus.NORMAL,
        emergency_contact: false,
        allow_anonymous_comment: false,
        search_query: r.query,
        new_hits: Number(r.new_count),
      });
    }
    return out;
  },
  async markRead(ctx, v, ids) {
    const now = ctx.now();
    await ctx.db
      .updateTable('saved_searches')
      .set({ last_seen_at: now, new_count: 0, hits_at: null, checked_at: now })
      .where('user_id', '=', v.id)
      .where('id', 'in', ids)
      .execute();
  },
};

registerUnreadSource(savedSearchUnreadSource);
