import type { QueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import {
  calendarMonthQuery,
  chatListQuery,
  firstDayOfWeek,
  groupQuery,
  groupRolesQuery,
  listPageSize,
  parseChoice,
  storedFeedSort,
  topicCountQuery,
  topicFeedQuery,
  topicFoldersQuery,
  unreadListQuery,
  type FeedList,
} from '@portal/api-client/page-queries';
import { prefetchHomeData, QUIET_PREFETCH, startSettings } from './homeData';

/** Tabs of the group feed whose list is known from the URL alone (a folder tab needs the folders first). */
const FEED_TABS: Record<string, { list: FeedList; unreadOnly: boolean }> = {
  all: { list: 'all', unreadOnly: false },
  unread: { list: 'all', unreadOnly: true },
  favorite: { list: 'favorite', unreadOnly: false },
  unclassified: { list: 'unclassified', unreadOnly: false },
  bin: { list: 'bin', unreadOnly: false },
};

/**
 * A prefetch is silent and not retried: if it fails, the page's own query finds no data, asks
 * again and handles the error exactly as it would have without the prefetch (its modal, its
 * inline state). What succeeds is fresh (the client's staleTime), so the page reads it without
 * a second call; a page mounting while a prefetch is in flight joins that same request.
 */
const quiet = QUIET_PREFETCH;

/**
 * Sends the start-up calls of the page at `location` while its remote's code is still on the
 * way (remotes.json → manifest → remoteEntry → the route module): the page then renders with
 * its data instead of starting to ask for it. The calls go through the normal client with the
 * user's session, and the definitions are the ones the remotes read (page-queries.ts), so the
 * answers land in the cache entries the pages use. Calls that depend on the user's settings (a
 * list's page size or order, the first day of the week) wait for them; the shell asks for the
 * settings at start anyway, and this joins that request.
 */
export async function prefetchPageData(location: { pathname: string; search: string }, queryClient: QueryClient): Promise<void> {
  const { pathname } = location;
  const search = new URLSearchParams(location.search);
  const settings = () => startSettings(queryClient);
  const jobs: Promise<unknown>[] = [];

  const group = /^\/group\/([1-9]\d{0,15})(\/.*)?$/.exec(pathname);
  // Home's own prefetch runs from the start-up chunk (homeData.ts); here for a caller that has a path.
  if (pathname === '/') jobs.push(prefetchHomeData(queryClient));
  else if (group) {
    const groupId = Number(group[1]);
    if (!Number.isSafeInteger(groupId)) return;
    // Every page of a group waits for the group and the caller's rights (GroupLayout).
    jobs.push(queryClient.prefetchQuery({ ...groupQuery(api, groupId), ...quiet }));
    jobs.push(queryClient.prefetchQuery({ ...groupRolesQuery(api, groupId), ...quiet }));
    const tab = FEED_TABS[search.get('tab') ?? 'all'];
    if (/^\/new-feed\/?$/.test(group[2] ?? '') && tab) {
      jobs.push(queryClient.prefetchQuery({ ...topicCountQuery(api, groupId), ...quiet }));
      jobs.push(queryClient.prefetchQuery({ ...topicFoldersQuery(api, groupId), ...quiet }));
      jobs.push(
        settings().then((s) =>
          queryClient.prefetchInfiniteQuery({ ...topicFeedQuery(api, groupId, tab.list, tab.unreadOnly, storedFeedSort(s)), ...quiet }),
        ),
      );
    }
  } else if (/^\/chat(?:\/list)?\/?$/.test(pathname)) {
    jobs.push(queryClient.prefetchInfiniteQuery({ ...chatListQuery(api), ...quiet }));
  } else if (/^\/notification(?:\/unread)?\/?$/.test(pathname)) {
    jobs.push(settings().then((s) => queryClient.prefetchInfiniteQuery({ ...unreadListQuery(api, listPageSize(s)), ...quiet })));
  } else if (/^\/calendar\/month\/?$/.test(pathname)) {
    const choice = parseChoice(search.get('cal'));
    jobs.push(
      settings().then((s) =>
        queryClient.prefetchQuery({ ...calendarMonthQuery(api, search.get('date'), choice, firstDayOfWeek(s)), ...quiet }),
      ),
    );
  }
  await Promise.all(jobs);
}
