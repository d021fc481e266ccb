import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import type { z } from 'zod';
import type { createGroupBody, updateGroupBody } from '@portal/api-client/core';

export type UpdateGroupInput = z.input<typeof updateGroupBody>;
export type CreateGroupInput = z.input<typeof createGroupBody>;

/** POST members/me/groups/{id}: basic information (role_admin). */
export function useUpdateGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateGroupInput) => (await api.call('updateGroup', { params: { id: groupId }, body })).items,
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.group(groupId), group);
      // The name shows in the home list and the navbar menu too.
      return queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
    },
  });
}

/** POST groups: company administrators only; the creator becomes the group's administrator. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGroupInput) => (await api.call('createGroup', { body })).items,
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.group(group.id), group);
      return queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
    },
  });
}
