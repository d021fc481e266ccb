import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type LanguageCode, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import type { z } from 'zod';
import type { changePasswordBody } from '@portal/api-client/core';

/**
 * Server state of the settings remote. The cache holds `Settings` (the `items` of the
 * response) under queryKeys.settings(), the same shape the shell stores at login, so one
 * update is seen by the shell's theme and list sizes too.
 */
export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings(),
    queryFn: async (): Promise<Settings> => (await api.call('settings')).items,
  });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: LanguageCode) => (await api.call('updateLanguage', { body: { code } })).items,
    onSuccess: async (settings) => {
      queryClient.setQueryData(queryKeys.settings(), settings);
      // Switch the whole UI at once (shell and every remote share this i18n instance).
      await setLanguage(settings.setting_language.code);
    },
  });
}

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.call('changePassword', { body }),
  });
}
