import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { unreadListQuery } from '@portal/api-client/page-queries';
import { nKeys } from './keys';

/**
 * Counts and lists of the unread, like and favourite notices. Section 8: failures of these
 * fetches are only logged (no error modal), so each query swallows its error into `isError`.
 */
const quiet = { retry: 1, meta: { silent: true } } as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: nKeys.count(1),
    queryFn: async () => (await api.call('notificationCount', { params: { kind: 1 } })).items.count,
    ...quiet,
  });
}

export function useLikeCount() {
  return useQuery({
    queryKey: nKeys.count(2),
    queryFn: async () => (await api.call('notificationCount', { params: { kind: 2 } })).items.count,
    ...quiet,
  });
}

export function useFavoriteCount() {
  return useQuery({ queryKey: nKeys.favoriteCount(), queryFn: async () => (await api.call('favoriteCount')).items, ...quiet });
}

const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;

/** Pages appended by see-more (section 2); each page is one call with page and limit. */
export function useUnreadList(limit: number) {
  return useInfiniteQuery({ ...unreadListQuery(api, limit), ...quiet });
}

export function useLikeList(limit: number) {
  return useInfiniteQuery({
    queryKey: nKeys.likes({ page: 0, limit }),
    queryFn: async ({ pageParam }) => (await api.call('likeList', { query: { page: pageParam, limit } })).items,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    ...quiet,
  });
}

export function useFavoriteList(limit: number) {
  return useInfiniteQuery({
    queryKey: nKeys.favorites({ page: 0, limit }),
    queryFn: async ({ pageParam }) => (await api.call('favoriteList', { query: { page: pageParam, limit } })).items,
    initialPageParam: 1,
    getNextPageParam: nextPage,
    ...quiet,
  });
}

/** After a read: our lists and counts, the group badges and the feeds that show read marks. */
export function refreshAfterRead(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: nKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['groups'] }),
    queryClient.invalidateQueries({ queryKey: ['common-topics'] }),
    queryClient.invalidateQueries({ queryKey: ['common-files'] }),
  ]);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      ids.length === 1
        ? (await api.call('markReadEachItem', { params: { id: ids[0]! } })).items.count
        : (await api.call('markReadSelected', { body: { notification_ids: ids } })).items.count,
    onSuccess: () => refreshAfterRead(queryClient),
  });
}

export function useMarkAllLikesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('markReadAllLike'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nKeys.all }),
  });
}
