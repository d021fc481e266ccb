import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, queryKeys, type MyProfile, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import {
  AVATAR_FIELD,
  type AvatarCrop,
  type CompanyInfoBody,
  type PersonalInfoBody,
  type ProfileBody,
  type SubEmailsBody,
  type ThemeBody,
} from '@portal/api-client/schemas/settings';
import { postMultipart } from '@portal/content/kit';

/** Under ['me'] so whatever refreshes the user store refreshes this too. */
export const profileKey = () => ['me', 'profile'] as const;

export function useMyProfile() {
  return useQuery({ queryKey: profileKey(), queryFn: async (): Promise<MyProfile> => (await api.call('myProfile')).items });
}

/** After a profile change the shell's user store (name, avatar in the header) is stale too. */
function useSaved() {
  const queryClient = useQueryClient();
  return async (profile: MyProfile) => {
    queryClient.setQueryData(profileKey(), profile);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me(), exact: true });
  };
}

export function useUpdateProfile() {
  const saved = useSaved();
  return useMutation({ mutationFn: async (body: ProfileBody) => (await api.call('updateProfile', { body })).items, onSuccess: saved });
}

export function useUpdateCompanyInfo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: CompanyInfoBody) => (await api.call('updateCompanyInfo', { body })).items,
    onSuccess: saved,
  });
}

export function useUpdatePersonalInfo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: PersonalInfoBody) => (await api.call('updatePersonalInfo', { body })).items,
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async ({ file, crop }: { file: File; crop: AvatarCrop }) => {
      // The crop fields go before the file: the server reads the fields that precede it.
      const form = () => {
        const f = new FormData();
        f.append('x', String(crop.x));
        f.append('y', String(crop.y));
        f.append('size', String(crop.size));
        f.append(AVATAR_FIELD, file, file.name);
        return f;
      };
      // Not parsed: the API checks every reply against its schema before sending it, as for
      // api.call (docs/decisions/0110).
      return ((await postMultipart(`${API_PREFIX}/members/me/avatar`, form)) as { items: MyProfile }).items;
    },
    onSuccess: saved,
  });
}

export function useDeleteAvatar() {
  const saved = useSaved();
  return useMutation({ mutationFn: async () => (await api.call('deleteAvatar')).items, onSuccess: saved });
}

/** Prefecture and city of a postal code; null when unknown. */
export async function lookupPostalCode(code: string) {
  return (await api.call('postalCode', { params: { code } })).items;
}

export function useUpdateDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Settings['setting_display']) =>
      (await api.call('updateSettings', { params: { section: 'setting_display' }, body })).items,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings(), settings),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: async (email: string) => (await api.call('changeEmail', { body: { email } })).items });
}

export function useUpdateSubEmails() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async (body: SubEmailsBody) => (await api.call('updateSubEmails', { body })).items,
    onSuccess: saved,
  });
}

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ThemeBody) => (await api.call('updateTheme', { body })).items,
    // The shell watches this query and sets the theme variables at once (useUserSettings).
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings(), settings),
  });
}
