import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CmsNewsBody } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { allMyGroupsQuery, queryKeys } from '@portal/api-client/core';
import { newsKeys } from './news';

export function useAdminNews(page: number, limit: number) {
  return useQuery({
    queryKey: newsKeys.admin(page, limit),
    queryFn: async () => (await api.call('adminNewsList', { query: { page, limit } })).items,
    placeholderData: keepPreviousData,
  });
}

export function useMe() {
  return useQuery({ queryKey: queryKeys.me(), queryFn: async () => (await api.call('me')).items });
}

/** The admin's groups to place group news in (the groups they belong to). */
export function useMyGroupOptions() {
  return useQuery(allMyGroupsQuery(api));
}

/** Create, edit, withdraw: each reloads every news list (ours and the readers' on this page). */
export function useNewsActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: newsKeys.all });
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: number | null; body: CmsNewsBody }) =>
        id === null ? (await api.call('createNews', { body })).items : (await api.call('updateNews', { params: { id }, body })).items,
      onSuccess: refresh,
      // Field errors show on the form; the shell's modal would hide them.
      meta: { silent: true },
    }),
    withdraw: useMutation({ mutationFn: (id: number) => api.call('withdrawNews', { params: { id } }), onSuccess: refresh }),
  };
}
