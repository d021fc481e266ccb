import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/** GET …/join-requests: pending requests, oldest first. */
export function useJoinRequests(groupId: number, params: { page: number; limit: number }) {
  return useQuery({
    queryKey: queryKeys.groupJoinRequests(groupId, params),
    queryFn: async () => (await api.call('joinRequests', { params: { group_link: String(groupId) }, query: params })).items,
    placeholderData: keepPreviousData,
  });
}

/** Approve one, approve all, reject: each refreshes the requests and the member list. */
export function useJoinRequestActions(groupId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['groups', groupId, 'join-requests'] }),
      queryClient.invalidateQueries({ queryKey: ['groups', groupId, 'members'] }),
    ]);
  return {
    approve: useMutation({
      mutationFn: (requestId: number) => api.call('approveJoinRequest', { params: { group_link: String(groupId), requestId } }),
      onSuccess: refresh,
    }),
    approveAll: useMutation({
      mutationFn: async () => (await api.call('approveAllJoinRequests', { params: { group_link: String(groupId) } })).items,
      onSuccess: refresh,
    }),
    reject: useMutation({
      mutationFn: (requestId: number) => api.call('rejectJoinRequest', { params: { group_link: String(groupId), requestId } }),
      onSuccess: refresh,
    }),
  };
}
