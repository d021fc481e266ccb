import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, queryKeys, type GroupDetail, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

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
  return useQuery({
    queryKey: queryKeys.group(groupId),
    queryFn: async (): Promise<GroupDetail> => (await api.call('myGroup', { params: { id: groupId } })).items,
  });
}

/**
 * GET members/me/groups/{id}/roles. `invite` is the server's `can_invite`, which already applies
 * the group's invitation setting (role_invite holders, every member, or administrators only).
 */
export function useGroupRoles(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupRoles(groupId),
    queryFn: async (): Promise<GroupRights & { held: string[] }> => {
      const { items } = await api.call('myGroupRoles', { params: { id: groupId } });
      return {
        admin: items.effective.role_admin,
        invite: items.can_invite,
        edit_shared_folder: items.effective.role_edit_shared_folder,
        edit_topic: items.effective.role_edit_topic,
        held: items.roles,
      };
    },
  });
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
