import type { SortOption } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { getSettings } from './service';

/** The lists whose order a user stores (settings.sort). */
export type SortArea = 'group_topic' | 'common_topic' | 'group_shared_folder' | 'common_shared_folder';

export interface ListOptions {
  unreadOnly: boolean;
  orderBy: 'update' | 'title';
  sortedBy: 'asc' | 'desc';
  limit: number;
  page: number;
  cursor?: string | undefined;
}

export interface ListQuery {
  unreadOnly?: boolean | undefined;
  limit?: number | undefined;
  page: number;
  cursor?: string | undefined;
  orderBy?: 'update' | 'title' | undefined;
  sortedBy?: 'asc' | 'desc' | undefined;
}

/**
 * A list's parameters with the missing ones taken from the caller's stored preferences: page
 * size from setting_display.number_item_lists, order from the list's sort setting (section 3).
 * The settings are read only when something is missing.
 */
export async function listOptions(ctx: AppContext, userId: number, area: SortArea, q: ListQuery): Promise<ListOptions> {
  const needSettings = q.limit === undefined || q.orderBy === undefined || q.sortedBy === undefined;
  const settings = needSettings ? await getSettings(ctx, userId) : null;
  const [prefOrder, prefDir] = ((settings?.sort[area] ?? 'update_desc') as SortOption).split('_') as ['update' | 'title', 'asc' | 'desc'];
  return {
    unreadOnly: q.unreadOnly ?? false,
    orderBy: q.orderBy ?? prefOrder,
    sortedBy: q.sortedBy ?? prefDir,
    limit: q.limit ?? settings?.setting_display.number_item_lists ?? 10,
    page: q.page,
    cursor: q.cursor,
  };
}
