import { LIMITS, UserActiveStatus } from '@portal/api-client';

/** 'User' when a name is blank (section 3). */
export function displayName(u: { last_name: string | null; first_name: string | null }): string {
  return `${u.last_name ?? ''} ${u.first_name ?? ''}`.trim() || 'User';
}

/**
 * Section 3's user active status of a row's person: left the system, left the group (asked only
 * in group lists: `inGroup` undefined elsewhere), or normal.
 */
export function activeStatus(status: string | null, inGroup: unknown): number {
  if (status === 'left') return UserActiveStatus.LEAVE_SYSTEM;
  if (inGroup !== undefined && !inGroup) return UserActiveStatus.LEAVE_GROUP_TAG;
  return UserActiveStatus.NORMAL;
}

/** Names are cut hard: splitting a name at a space would drop the given name entirely. */
export function shortName(name: string, max = LIMITS.previewNameLength): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max).join('')}…`;
}
