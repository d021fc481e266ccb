import type { SortOption } from '@portal/api-client';
import type { AppContext } from '../../context';
import { getSettings } from '../members/service';
import type { ListOptions } from './queries';

/**
 * Missing list parameters come from the caller's stored preferences: page size from
 * setting_display.number_item_lists and sort from the per-area sort setting (section 3).
 */
export async function listOptions(
  ctx: AppContext,
  userId: number,
  area: 'group_topic' | 'common_topic',
  q: {
    unread_only?: boolean | undefined;
    limit?: number | undefined;
    page: number;
    cursor?: string | undefined;
    orderBy?: 'update' | 'title' | undefined;
    sortedBy?: 'asc' | 'desc' | undefined;
    title?: string | undefined;
  },
): Promise<ListOptions> {
  const needSettings = q.limit === undefined || q.orderBy === undefined || q.sortedBy === undefined;
  const settings = needSettings ? await getSettings(ctx, userId) : null;
  const [prefOrder, prefDir] = ((settings?.sort[area] ?? 'update_desc') as SortOption).split('_') as ['update' | 'title', 'asc' | 'desc'];
  return {
    unreadOnly: q.unread_only ?? false,
    orderBy: q.orderBy ?? prefOrder,
    sortedBy: q.sortedBy ?? prefDir,
    limit: q.limit ?? settings?.setting_display.number_item_lists ?? 10,
    page: q.page,
    cursor: q.cursor,
    title: q.title,
  };
}

export async function commentPageSize(ctx: AppContext, userId: number, limit: number | undefined): Promise<number> {
  if (limit !== undefined) return limit;
  return (await getSettings(ctx, userId)).setting_display.number_items_list_comment;
}
