import type { GroupRole } from '@portal/api-client';

/** Section 6: an administrator implicitly holds every other group right. */
export function effectiveRole(row: {
  group_id: number;
  role_admin: number;
  role_invite: number;
  role_edit_shared_folder: number;
  role_edit_topic: number;
}): GroupRole {
  const admin = row.role_admin === 1;
  return {
    group_id: row.group_id,
    role_admin: admin,
    role_invite: admin || row.role_invite === 1,
    role_edit_shared_folder: admin || row.role_edit_shared_folder === 1,
    role_edit_topic: admin || row.role_edit_topic === 1,
  };
}
