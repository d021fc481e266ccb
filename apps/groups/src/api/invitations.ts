import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type LanguageCode } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/** GET …/invite-link: the group's current link (also the QR code's content). */
export function useInviteLink(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupInviteLink(groupId),
    queryFn: async () => (await api.call('inviteLink', { params: { id: groupId } })).items,
  });
}

/** GET …/get-new-invite-link: a new link; the previous link and QR code stop working. */
export function useReissueInviteLink(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call('newInviteLink', { params: { id: groupId } })).items,
    onSuccess: (link) => queryClient.setQueryData(queryKeys.groupInviteLink(groupId), link),
  });
}

/** POST …/check-exist-mails: what each address is before anything is sent. */
export function useCheckMails(groupId: number) {
  return useMutation({
    mutationFn: async (mails: string[]) => (await api.call('checkExistMails', { params: { id: groupId }, body: { mails } })).items,
  });
}

/** POST …/invite-members: one mail per address, in the inviter's UI language. */
export function useInviteMembers(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ mails, lang }: { mails: string[]; lang: LanguageCode }) =>
      (await api.call('inviteMembers', { params: { id: groupId }, body: { mails, lang } })).items,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupId, 'invitations'] }),
  });
}

/** GET …/invite-members: invited addresses and their state. */
export function useInvitations(groupId: number, params: { page: number; limit: number }) {
  return useQuery({
    queryKey: queryKeys.groupInvitations(groupId, params),
    queryFn: async () => (await api.call('invitations', { params: { id: groupId }, query: params })).items,
    placeholderData: keepPreviousData,
  });
}

/** PUT …/invite-members/{id} (re-invite) and DELETE …/invite-members/{id} (stop). */
export function useInvitationActions(groupId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['groups', groupId, 'invitations'] });
  return {
    reinvite: useMutation({
      mutationFn: (inviteId: number) => api.call('reinvite', { params: { id: groupId, inviteId } }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (inviteId: number) => api.call('cancelInvitation', { params: { id: groupId, inviteId } }),
      onSuccess: refresh,
    }),
  };
}

/** POST members/me/groups/{id} with only the invitation setting (role_admin). */
export function useUpdateInvitePermission(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite_permission: 0 | 1 | 2) =>
      (await api.call('updateGroup', { params: { id: groupId }, body: { invite_permission } })).items,
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.group(groupId), group);
      // Who may invite changed, and with it this user's tabs.
      return queryClient.invalidateQueries({ queryKey: queryKeys.groupRoles(groupId) });
    },
  });
}
