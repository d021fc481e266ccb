import { createContext, useContext } from 'react';
import type { GroupDetail } from '@portal/api-client/core';
import type { GroupRight, GroupRights } from '../../api/group';

export interface GroupAreaValue {
  groupId: number;
  group: GroupDetail;
  rights: GroupRights & { held: string[] };
}

export const GroupAreaContext = createContext<GroupAreaValue | null>(null);

/** The loaded group and the caller's rights; only pages under GroupLayout use it. */
export function useGroupArea(): GroupAreaValue {
  const value = useContext(GroupAreaContext);
  if (!value) throw new Error('useGroupArea outside GroupLayout');
  return value;
}

export function hasRight(value: GroupAreaValue, right: GroupRight): boolean {
  return value.rights[right];
}

/** Absolute path inside the group area (`/group/5/members/list`). */
export function groupPath(groupId: number, sub = ''): string {
  return sub ? `/group/${groupId}/${sub}` : `/group/${groupId}`;
}
