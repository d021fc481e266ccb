import type { AppContext } from '../../kernel';
import { getSettings, listOptions as resolveListOptions, type ListQuery } from '../members';
import type { ListOptions } from './queries';

/** The feed's parameters: the shared list options plus the title filter. */
export async function listOptions(
  ctx: AppContext,
  userId: number,
  area: 'group_topic' | 'common_topic',
  q: Omit<ListQuery, 'unreadOnly'> & { unread_only?: boolean | undefined; title?: string | undefined },
): Promise<ListOptions> {
  return { ...(await resolveListOptions(ctx, userId, area, { ...q, unreadOnly: q.unread_only })), title: q.title };
}

export async function commentPageSize(ctx: AppContext, userId: number, limit: number | undefined): Promise<number> {
  if (limit !== undefined) return limit;
  return (await getSettings(ctx, userId)).setting_display.number_items_list_comment;
}
