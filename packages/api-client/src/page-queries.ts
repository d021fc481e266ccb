import { monthStart, tokyoToday, weekStart } from './calendar-dates';
import { chatQueryKeys } from './chat';
import type { ApiClient } from './client';
import { DEFAULT_SETTINGS } from './constants';
import { calendarDaysQuery, type CalendarChoice, queryKeys } from './query-keys';
import type { Settings } from './schemas/members';

/**
 * The start-up queries of the main pages (home's widgets, a group feed, the calendar month, the
 * chat list, the unread list), each as one TanStack Query definition — key, call and paging — that the page's
 * remote reads and the shell prefetches while that remote's code is still loading. One
 * definition for both is what makes the prefetched answer land in the very cache entry the page
 * then reads. `api` is the browser client, passed in (this module holds no client of its own,
 * so the shell's prefetch and every remote can bundle it).
 */
type Api = Pick<ApiClient, 'call'>;

const byPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;

// Home's widgets' queries (news, the week, groups and folders, the common count) are in
// query-keys.ts (core): the shell prefetches them from its start-up chunk, and the widgets read
// them from the shared core instead of bundling this module. Re-exported here for the pages.
export { calendarDaysQuery, firstDayOfWeek, homeWeekQuery, type CalendarChoice } from './query-keys';

// --- chat -------------------------------------------------------------------------------------

export const CHAT_LIST_LIMIT = 30;

/** The caller's chats: favourites first, then the newest activity (spec section 7); more pages on scroll. */
export function chatListQuery(api: Api) {
  return {
    queryKey: chatQueryKeys.list({ limit: CHAT_LIST_LIMIT }),
    initialPageParam: 1,
    queryFn: async ({ pageParam }: { pageParam: number }) =>
      (
        await api.call('chatList', {
          query: { orderBy: 'updated_at', sortedBy: 'desc', limit: CHAT_LIST_LIMIT, page: pageParam, isGetUnRead: '0' },
        })
      ).items,
    getNextPageParam: byPage,
  };
}

// --- notifications ----------------------------------------------------------------------------

/** Under the notifications remote's root key, so its invalidations reach the list. */
export const unreadListKey = (params: { page: number; limit: number }) => ['notifications', 'unread', params] as const;

/** Unread notices, pages appended by see-more (section 2); `limit` is the list page size. */
export function unreadListQuery(api: Api, limit: number) {
  return {
    queryKey: unreadListKey({ page: 0, limit }),
    queryFn: async ({ pageParam }: { pageParam: number }) => (await api.call('unreadList', { query: { page: pageParam, limit } })).items,
    initialPageParam: 1,
    getNextPageParam: byPage,
  };
}

/** List page size from the user's display setting (spec section 9), or the default 10. */
export const listPageSize = (settings: Settings | undefined): number =>
  settings?.setting_display?.number_item_lists ?? DEFAULT_SETTINGS.number_item_lists;

// --- calendar ---------------------------------------------------------------------------------

export function parseChoice(raw: string | null): CalendarChoice {
  if (raw === 'my') return { type: 2 };
  const g = raw?.startsWith('g') ? Number(raw.slice(1)) : Number.NaN;
  return Number.isInteger(g) && g > 0 ? { type: 3, group_id: g } : { type: 1 };
}

/** The month view's six weeks around `date` (a `YYYY-MM-DD`, or today when absent or malformed). */
export function calendarMonthQuery(api: Api, rawDate: string | null, choice: CalendarChoice, firstDay: number) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(rawDate ?? '') ? rawDate! : tokyoToday();
  return calendarDaysQuery(api, weekStart(monthStart(date), firstDay), 42, choice);
}

// --- a group's feed ---------------------------------------------------------------------------

export interface ListSort {
  orderBy: 'update' | 'title';
  sortedBy: 'asc' | 'desc';
}

/** Which list of the feed: the four fixed tabs map onto three endpoints plus the unread flag. */
export type FeedList = 'all' | 'unclassified' | 'bin' | 'favorite' | { folderId: number };

/** The stored order of the group feed, newest update first when nothing is stored. */
export function storedFeedSort(settings: Settings | undefined): ListSort {
  const [orderBy, sortedBy] = (settings?.sort.group_topic ?? 'update_desc').split('_') as [ListSort['orderBy'], ListSort['sortedBy']];
  return { orderBy, sortedBy };
}

/** GET members/me/groups/{id}: the group with storage and the caller's membership. */
export function groupQuery(api: Api, groupId: number) {
  return {
    queryKey: queryKeys.group(groupId),
    queryFn: async () => (await api.call('myGroup', { params: { id: groupId } })).items,
  };
}

/**
 * GET members/me/groups/{id}/roles. `invite` is the server's `can_invite`, which already applies
 * the group's invitation setting (role_invite holders, every member, or administrators only).
 */
export function groupRolesQuery(api: Api, groupId: number) {
  return {
    queryKey: queryKeys.groupRoles(groupId),
    queryFn: async () => {
      const { items } = await api.call('myGroupRoles', { params: { id: groupId } });
      return {
        admin: items.effective.role_admin,
        invite: items.can_invite,
        edit_shared_folder: items.effective.role_edit_shared_folder,
        edit_topic: items.effective.role_edit_topic,
        held: items.roles,
      };
    },
  };
}

export function topicCountQuery(api: Api, groupId: number) {
  return {
    queryKey: queryKeys.groupTopicCount(groupId),
    queryFn: async () => (await api.call('topicCount', { params: { id: groupId } })).items,
  };
}

export function topicFoldersQuery(api: Api, groupId: number) {
  return {
    queryKey: queryKeys.groupTopicFolders(groupId),
    queryFn: async () => (await api.call('topicFolders', { params: { id: groupId, type: 1 } })).items,
  };
}

/** One feed list, paged by the server's keyset cursor ("see more" appends the next page); `title` narrows it. */
export function topicFeedQuery(api: Api, groupId: number, list: FeedList, unreadOnly: boolean, sort: ListSort, title = '') {
  const filter = title ? { title } : {};
  const key = { ...sort, ...(unreadOnly ? { unread_only: true } : {}), ...filter };
  return {
    queryKey: queryKeys.groupTopicList(groupId, list, key),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }: { pageParam: string | null }) => {
      const query = {
        ...sort,
        ...(unreadOnly ? { unread_only: '1' as const } : {}),
        ...filter,
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      if (list === 'all') return (await api.call('topicsAll', { params: { id: groupId }, query })).items;
      if (list === 'unclassified') return (await api.call('topicsUnclassified', { params: { id: groupId }, query })).items;
      if (list === 'bin') return (await api.call('topicsInBin', { params: { id: groupId }, query })).items;
      if (list === 'favorite') return (await api.call('topicsFavorite', { params: { id: groupId }, query })).items;
      return (await api.call('topicsByFolder', { params: { id: groupId, folderId: list.folderId }, query })).items;
    },
    getNextPageParam: (last: { has_more: boolean; next_cursor: string | null }) => (last.has_more ? last.next_cursor : null),
  };
}
