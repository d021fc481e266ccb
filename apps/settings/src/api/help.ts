import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import type { HelpArticleBody } from '@portal/api-client/core';

export const helpKeys = {
  all: () => ['help'] as const,
  list: (search: string) => ['help', 'list', search] as const,
  detail: (id: number) => ['help', 'detail', id] as const,
  admin: () => ['help', 'admin'] as const,
};

export function useHelpList(search: string) {
  return useQuery({
    queryKey: helpKeys.list(search),
    queryFn: async () => (await api.call('helpCenter', { query: search ? { search } : {} })).items,
  });
}

export function useHelpArticle(id: number) {
  return useQuery({ queryKey: helpKeys.detail(id), queryFn: async () => (await api.call('helpCenterDetail', { params: { id } })).items });
}

export function useAdminArticles(enabled: boolean) {
  return useQuery({ queryKey: helpKeys.admin(), queryFn: async () => (await api.call('helpArticles', { query: {} })).items, enabled });
}

/** Create (no id) or replace an article; every help query is refreshed after. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: HelpArticleBody }) =>
      (id ? await api.call('updateHelpArticle', { params: { id }, body }) : await api.call('createHelpArticle', { body })).items,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all() }),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('deleteHelpArticle', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.all() }),
  });
}
