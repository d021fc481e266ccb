import { LikeTargetType, unreadKey, type UnreadItem } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { newsPage } from '../news';
import { unreadSource, type Viewer } from '../../kernel';

const TOP_ROWS = 5;

/** The newest readable items of one kind in the group, marked read or unread by the same source. */
async function newest(ctx: AppContext, viewer: Viewer, type: number, groupId: number): Promise<UnreadItem[]> {
  const source = unreadSource(type);
  if (!source) return [];
  const rows = await ctx.db
    .selectFrom(source.rows(ctx, viewer, { unreadOnly: false }).as('r'))
    .select(['r.target_id', 'r.at'])
    .where('r.group_id', '=', groupId)
    .orderBy('r.at', 'desc')
    .orderBy('r.target_id', 'desc')
    .limit(TOP_ROWS)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.target_id));
  const unread = new Set(
    (
      await ctx.db
        .selectFrom(source.rows(ctx, viewer, { unreadOnly: true }).as('u'))
        .select('u.target_id')
        .where('u.target_id', 'in', ids)
        .execute()
    ).map((r) => Number(r.target_id)),
  );
  const details = await source.describe(ctx, viewer, ids);
  return rows.flatMap((r) => {
    const id = Number(r.target_id);
    const d = details.get(id);
    return d
      ? [
          {
            id: unreadKey(type, id),
            unread_type: type,
            unread_target_id: id,
            group_id: groupId,
            ...d,
            updated_at: Number(r.at),
            is_read: !unread.has(id),
          },
        ]
      : [];
  });
}

/** data-group-top: what the group top page lists (the caller's membership is checked by the route). */
export async function groupTopData(ctx: AppContext, viewer: Viewer, groupId: number) {
  const [topics, files, news] = await Promise.all([
    newest(ctx, viewer, LikeTargetType.GROUP_TOPIC, groupId),
    newest(ctx, viewer, LikeTargetType.GROUP_SHARED_FOLDER, groupId),
    newsPage(ctx, viewer, { kind: 'group', groupId }, { page: 1, limit: TOP_ROWS }),
  ]);
  return { topics, files, news: news.data };
}
