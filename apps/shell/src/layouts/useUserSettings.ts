import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import { applyTheme } from '@portal/ui';
import { applyUserSettings } from '../session/settings';

/**
 * Keeps language and theme in step with the stored settings: after a reload (settings come from
 * the API, not storage), and whenever the query is refetched (realtime `settings.updated`, or a
 * settings page invalidating it).
 */
export function useUserSettings(): void {
  const { data } = useQuery({
    queryKey: queryKeys.settings(),
    queryFn: async () => (await api.call('settings')).items,
  });
  useEffect(() => {
    if (data) void applyUserSettings(data, { setLanguage, applyTheme });
  }, [data]);
}
