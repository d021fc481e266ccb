import { API_PREFIX } from '@portal/api-client/core';

/**
 * The public copy of a group's icon for the preview page, where the visitor has no session: the
 * invitation or group link itself is the permission. Null when the group has no uploaded icon.
 * `v` is the stored file's name, so a new upload is not hidden behind the browser's cached copy.
 */
export function inviteIconUrl(uniqueUrl: string, iconPath: string | null | undefined): string | null {
  if (!uniqueUrl || !iconPath?.startsWith(`${API_PREFIX}/`)) return null;
  const name = iconPath.slice(iconPath.lastIndexOf('/') + 1);
  return `${API_PREFIX}/invite-members/${encodeURIComponent(uniqueUrl)}/icon?v=${encodeURIComponent(name)}`;
}
