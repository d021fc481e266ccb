import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type GroupRole } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

export interface ListParams {
  page: number;
  limit: number;
  filter?: string;
}

/** GET …/members: one page of members with their role label and effective rights. */
export function useMembers(groupId: number, params: ListParams) {
  const query = params.filter ? params : { page: params.page, limit: params.limit };
  return useQuery({
    queryKey: queryKeys.groupMembers(groupId, query),
    queryFn: async () => (await api.call('groupMembers', { params: { id: groupId }, query })).items,
    placeholderData: keepPreviousData,
  });
}

export type RoleFlags = Omit<GroupRole, 'group_id'>;

/** Anything about membership changed: members, roles, the group (member count) and my rights. */
function invalidateGroup(queryClient: ReturnType<typeof useQueryClient>, groupId: number) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.group(groupId) });
}

/** POST groups/{id}/update-roles for one member. */
export function useUpdateRoles(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: RoleFlags & { user_id: number }) =>
      api.call('updateRoles', { params: { id: groupId }, body: { members: [member] } }),
    onSuccess: () => invalidateGroup(queryClient, groupId),
  });
}

/** POST …/delete-user/{userId}. */
export function useDeleteMember(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call('deleteMember', { params: { id: groupId, userId } }),
    onSuccess: () => invalidateGroup(queryClient, groupId),
  });
}

/**
 * GET …/has-other-admin: whether someone besides the caller administers the group. Asked before
 * an administrator leaves, so the last one hears "appoint another first" before confirming.
 */
export async function hasOtherAdmin(groupId: number): Promise<boolean> {
  return (await api.call('hasOtherAdmin', { params: { id: groupId } })).items.has_other_admin;
}

/** GET …/leave. Afterwards the group is gone for this user, so every group query is dropped. */
export function useLeaveGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('leaveGroup', { params: { id: groupId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.group(groupId) });
      return queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
    },
  });
}
