import type { QueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import {
  allMyGroupsQuery,
  commonTopicUnreadCountQuery,
  firstDayOfWeek,
  groupFoldersQuery,
  HOME_NEWS_LIMIT,
  homeWeekQuery,
  newsWidgetQuery,
  queryKeys,
  type Settings,
} from '@portal/api-client/core';

/**
 * A prefetch is silent and not retried: if it fails, the page's own query finds no data, asks
 * again and handles the error exactly as it would have without the prefetch (decision 0116).
 */
export const QUIET_PREFETCH = { retry: false, meta: { silent: true } } as const;

/**
 * The user's settings, through the query the layout reads (useUserSettings): the start-up
 * prefetch joins that request rather than sending its own. Undefined when they cannot be had.
 */
export const startSettings = (queryClient: QueryClient): Promise<Settings | undefined> =>
  queryClient
    .ensureQueryData<Settings>({ queryKey: queryKeys.settings(), queryFn: async () => (await api.call('settings')).items })
    .catch(() => undefined);

/**
 * Home's widgets' start-up data: the news, the week of every calendar (from the stored first day),
 * the caller's groups with their folders (the group list's first page and the calendar picker
 * read the same list) and the unread common topics. The definitions are in the shared core, so
 * this runs from the shell's start-up chunk with no chunk of its own to fetch first (the other
 * pages' prefetch is routes/pageData.ts).
 */
export function prefetchHomeData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery({ ...newsWidgetQuery(api, null, HOME_NEWS_LIMIT), ...QUIET_PREFETCH }),
    queryClient.prefetchQuery({ ...allMyGroupsQuery(api), ...QUIET_PREFETCH }),
    queryClient.prefetchQuery({ ...groupFoldersQuery(api), ...QUIET_PREFETCH }),
    queryClient.prefetchQuery({ ...commonTopicUnreadCountQuery(api), ...QUIET_PREFETCH }),
    startSettings(queryClient).then((s) => queryClient.prefetchQuery({ ...homeWeekQuery(api, firstDayOfWeek(s)), ...QUIET_PREFETCH })),
  ]);
}
