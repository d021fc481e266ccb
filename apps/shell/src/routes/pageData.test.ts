import { QueryClient, QueryObserver, InfiniteQueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import {
  allMyGroupsQuery,
  calendarDates,
  chatQueryKeys,
  commonTopicUnreadCountQuery,
  groupFoldersQuery,
  newsWidgetQuery,
  queryKeys,
} from '@portal/api-client/core';
import {
  calendarDaysQuery,
  calendarMonthQuery,
  chatListQuery,
  groupQuery,
  topicFeedQuery,
  unreadListQuery,
} from '@portal/api-client/page-queries';
import { HOME_WIDGETS } from '../pages/HomePage';
import { prefetchPageData } from './pageData';
import { HOME_WIDGET_REMOTES, PAGE_DATA_PATHS, pageRemote, startRemotes } from './pageDataPaths';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

const SETTINGS = {
  setting_display: { number_item_lists: 25, first_day_of_week: 0 },
  sort: { group_topic: 'title_asc', toppage_sort_new: 1 },
};
const page = (extra: object = {}) => ({ data: [], current_page: 1, last_page: 1, has_more: false, next_cursor: null, ...extra });

let calls: { name: string; args: unknown }[];
let client: QueryClient;

beforeEach(() => {
  calls = [];
  vi.mocked(api.call).mockImplementation((async (name: string, args: unknown) => {
    calls.push({ name, args });
    if (name === 'settings') return { items: SETTINGS };
    if (name === 'commonTopicUnreadCount') return { items: { count: 3 } };
    if (name === 'myGroupRoles')
      return {
        items: { effective: { role_admin: false, role_edit_shared_folder: false, role_edit_topic: true }, can_invite: false, roles: [] },
      };
    return { items: page({ id: 7 }) };
  }) as never);
  client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
});

/** What a page's own query does on mount: reads the entry, and asks the API only if it must. */
async function mountQuery(options: Parameters<QueryClient['prefetchQuery']>[0], infinite = false) {
  const observer = infinite ? new InfiniteQueryObserver(client, options as never) : new QueryObserver(client, options as never);
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isPending).toBe(false));
  unsubscribe();
  return observer.getCurrentResult();
}

describe('start-up data of the main pages', () => {
  it('matches the five pages and nothing else', () => {
    for (const p of [
      '/',
      '/group/12/new-feed',
      '/group/12',
      '/calendar/month',
      '/chat/list',
      '/chat',
      '/notification/unread',
      '/notification',
    ])
      expect(PAGE_DATA_PATHS.test(p), p).toBe(true);
    for (const p of [
      '/login',
      '/todo',
      '/group/abc',
      '/group/create',
      '/calendar/week',
      '/chat/detail/3',
      '/notification/like',
      '/setting',
    ])
      expect(PAGE_DATA_PATHS.test(p), p).toBe(false);
  });

  it('puts a group feed in the entries the feed reads, in the stored order, so the page asks nothing again', async () => {
    await prefetchPageData({ pathname: '/group/12/new-feed', search: '' }, client);
    expect(calls.map((c) => c.name).sort()).toEqual(['myGroup', 'myGroupRoles', 'settings', 'topicCount', 'topicFolders', 'topicsAll']);
    expect(calls.find((c) => c.name === 'topicsAll')?.args).toEqual({ params: { id: 12 }, query: { orderBy: 'title', sortedBy: 'asc' } });
    const before = calls.length;
    await mountQuery(groupQuery(api, 12));
    const feed = await mountQuery(topicFeedQuery(api, 12, 'all', false, { orderBy: 'title', sortedBy: 'asc' }) as never, true);
    expect(feed.data).toMatchObject({ pages: [{ id: 7 }] });
    expect(calls.length).toBe(before);
  });

  it("names the remote whose route module renders the page, asked for with the page's data", () => {
    expect(pageRemote('/')).toBeNull();
    expect(pageRemote('/group/12/new-feed')).toBe('groups');
    expect(pageRemote('/group/12/members/register')).toBeNull();
    expect(pageRemote('/calendar/month')).toBe('calendar');
    expect(pageRemote('/chat/list')).toBe('chat');
    expect(pageRemote('/notification/unread')).toBe('notifications');
    // What the entry asks remotes.json's manifests for: home's widgets', a main page's own, else none.
    expect(startRemotes('/')).toEqual(HOME_WIDGET_REMOTES);
    expect(HOME_WIDGETS.map(([remote]) => remote)).toEqual(HOME_WIDGET_REMOTES);
    expect(startRemotes('/group/12/new-feed')).toEqual(['groups']);
    expect(startRemotes('/calendar/week')).toEqual([]);
    expect(startRemotes('/login')).toEqual([]);
  });

  it("puts home's widgets' data where the widgets read it: news, the week from the stored first day, groups, folders, common count", async () => {
    await prefetchPageData({ pathname: '/', search: '' }, client);
    expect(calls.map((c) => c.name).sort()).toEqual([
      'calendarByWeek',
      'commonTopicUnreadCount',
      'groupFolders',
      'homeNews',
      'myGroups',
      'settings',
    ]);
    // SETTINGS start the week on Sunday.
    const sunday = calendarDates.weekStart(calendarDates.tokyoToday(), 0);
    expect(calls.find((c) => c.name === 'calendarByWeek')?.args).toEqual({ query: { date: sunday, days: 7, type: 1 } });
    const before = calls.length;
    await mountQuery(newsWidgetQuery(api, null, 10));
    await mountQuery(calendarDaysQuery(api, sunday, 7, { type: 1 }));
    await mountQuery(allMyGroupsQuery(api));
    await mountQuery(groupFoldersQuery(api));
    await mountQuery(commonTopicUnreadCountQuery(api));
    expect(calls.length).toBe(before);
  });

  it('the feed tab in the URL picks the list; a folder tab is left to the page', async () => {
    await prefetchPageData({ pathname: '/group/12/new-feed', search: '?tab=unread' }, client);
    expect(calls.find((c) => c.name === 'topicsAll')?.args).toMatchObject({ query: { unread_only: '1' } });
    calls = [];
    await prefetchPageData({ pathname: '/group/13/new-feed', search: '?tab=folder' }, client);
    expect(calls.map((c) => c.name).sort()).toEqual(['myGroup', 'myGroupRoles']);
  });

  it('the chat list, the unread list (page size from the settings) and the month (first day from the settings)', async () => {
    await prefetchPageData({ pathname: '/chat/list', search: '' }, client);
    expect(client.getQueryData(chatQueryKeys.list({ limit: 30 }))).toBeDefined();
    expect(client.getQueryData(chatListQuery(api).queryKey)).toBeDefined();

    await prefetchPageData({ pathname: '/notification/unread', search: '' }, client);
    expect(calls.find((c) => c.name === 'unreadList')?.args).toEqual({ query: { page: 1, limit: 25 } });
    expect(client.getQueryData(unreadListQuery(api, 25).queryKey)).toBeDefined();

    await prefetchPageData({ pathname: '/calendar/month', search: '?date=2026-11-18&cal=g4' }, client);
    // November 2026 starts on a Sunday; with Sunday first the six weeks start on 1 November.
    expect(calls.find((c) => c.name === 'calendarByWeek')?.args).toEqual({ query: { date: '2026-11-01', days: 42, type: 3, group_id: 4 } });
    expect(client.getQueryData(calendarMonthQuery(api, '2026-11-18', { type: 3, group_id: 4 }, 0).queryKey)).toBeDefined();
    // The settings were asked for once, and kept where the shell keeps them.
    expect(calls.filter((c) => c.name === 'settings')).toHaveLength(1);
    expect(client.getQueryData(queryKeys.settings())).toEqual(SETTINGS);
  });

  it('a refused call leaves no entry behind: the page asks again and handles the error itself', async () => {
    vi.mocked(api.call).mockImplementation((async (name: string) => {
      calls.push({ name, args: null });
      throw Object.assign(new Error('forbidden'), { status: 403 });
    }) as never);
    await prefetchPageData({ pathname: '/group/99', search: '' }, client);
    expect(client.getQueryData(queryKeys.group(99))).toBeUndefined();
    const before = calls.length;
    const result = await mountQuery({ ...groupQuery(api, 99), retry: false });
    expect(result.isError).toBe(true);
    expect(calls.length).toBe(before + 1);
  });
});
