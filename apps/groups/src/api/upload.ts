import { API_PREFIX, type GroupDetail } from '@portal/api-client/core';
import { GROUP_IMAGE_FIELD } from '@portal/api-client/schemas/groups';
import { postMultipart } from '@portal/content/kit';

/** Which image of a group; the path segment of its upload call. */
export type GroupImageTarget = 'icon' | 'header-image';

export function groupImageUploadPath(groupId: number, target: GroupImageTarget): string {
  return `${API_PREFIX}/members/me/groups/${groupId}/${target}`;
}

/** Uploads a group icon or header image with progress (the kit's multipart post refreshes an expired token). */
export async function uploadGroupImage(
  groupId: number,
  target: GroupImageTarget,
  file: File,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<GroupDetail> {
  const form = () => {
    const f = new FormData();
    f.append(GROUP_IMAGE_FIELD, file, file.name);
    return f;
  };
  const body = await postMultipart(groupImageUploadPath(groupId, target), form, { onProgress, signal });
  // Not parsed: the API checks every reply against its schema before sending it, as for api.call
  // (docs/decisions/0110).
  return (body as { items: GroupDetail }).items;
}
