import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import type { z } from 'zod';
import type { registerBody } from '@portal/api-client/core';

/** GET invite-members/{uniqueUrl}: no login needed; LINK_UNUSABLE for a dead link. */
export function useInvitePreview(uniqueUrl: string) {
  return useQuery({
    queryKey: queryKeys.invitePreview(uniqueUrl),
    queryFn: async () => (await api.call('invitePreview', { params: { uniqueUrl } })).items,
    enabled: uniqueUrl !== '',
    // A dead link stays dead; the page explains it instead of the global error modal.
    meta: { silent: true },
    retry: false,
  });
}

/** POST groups/{group_link}/join-requests for the logged-in user. */
export function useRequestToJoin() {
  return useMutation({
    mutationFn: async (groupLink: string) => (await api.call('requestToJoin', { params: { group_link: groupLink } })).items,
  });
}

export type RegisterInput = z.input<typeof registerBody>;

/** POST members/registers/{type}: 1 from a mail invitation, 2 from a group link. */
export function useRegister() {
  return useMutation({
    mutationFn: async ({ type, body }: { type: 1 | 2; body: RegisterInput }) =>
      (await api.call('registerFromInvite', { params: { type }, body })).items,
  });
}
