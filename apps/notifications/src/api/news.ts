import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { newsWidgetQuery } from '@portal/api-client/core';

/**
 * News lists live under ['news'] (not 'notifications'): reading them on load is what retires
 * ONE_TIME items, so they refetch only when news changes (the shell's notification.news event
 * or a CMS edit here), never on every topic event, or items would vanish while being read.
 */
export const newsKeys = {
  all: ['news'] as const,
  // One definition with the shell's start-up prefetch of home (page-queries.ts).
  list: (groupId: number | null, limit: number) => newsWidgetQuery(api, groupId, limit).queryKey,
  admin: (page: number, limit: number) => ['news', 'admin', page, limit] as const,
};

export function useNews(groupId: number | null, limit: number) {
  return useQuery({
    // Key and call shared with the shell, which asks for home's news alongside this code.
    ...newsWidgetQuery(api, groupId, limit),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    meta: { silent: true },
  });
}

/** Reports items read without refetching: NEW stays visible until the list is next loaded. */
export function useReadNews() {
  return useMutation({
    mutationFn: (ids: number[]) => api.call('readNews', { body: { information_ids: ids } }),
    meta: { silent: true },
  });
}
