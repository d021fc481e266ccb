import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, queryKeys, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * List page size from the user's display setting (spec section 9: setting_display.number_item_lists),
 * or the default 10. Subscribed, so a change on the settings page is followed at once.
 */
export function useListPageSize(): number {
  const { data } = useQuery<Settings>({
    queryKey: queryKeys.settings(),
    queryFn: async () => (await api.call('settings')).items,
    staleTime: Infinity,
    meta: { silent: true },
  });
  return data?.setting_display?.number_item_lists ?? DEFAULT_SETTINGS.number_item_lists;
}
