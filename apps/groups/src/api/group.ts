import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, queryKeys, type GroupDetail, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { groupQuery, groupRolesQuery } from '@portal/api-client/page-queries';

/** The caller's rights in a group, as the server reports them (it enforces them too). */
export interface GroupRights {
  admin: boolean;
  invite: boolean;
  edit_shared_folder: boolean;
  edit_topic: boolean;
}
export type GroupRight = keyof GroupRights;

/** GET members/me/groups/{id}: the group with storage and the caller's membership. */
export function useGroup(groupId: number) {
  return useQuery<GroupDetail>(groupQuery(api, groupId));
}

/** The caller's rights in the group (page-queries.ts: groupRolesQuery). */
export function useGroupRoles(groupId: number) {
  return useQuery<GroupRights & { held: string[] }>(groupRolesQuery(api, groupId));
}

/** List page size from the user's display setting (section 9), or the default 10. */
export function usePageSize(): number {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return settings?.setting_display.number_item_lists ?? DEFAULT_SETTINGS.number_item_lists;
}

/** The logged-in user (the shell caches it at login); used for the company-admin check. */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me(),
    queryFn: async () => (await api.call('me')).items,
  });
}

/** Parses the :groupId route parameter; null for anything but a positive integer. */
export function parseGroupId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}
