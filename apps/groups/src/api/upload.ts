import { API_PREFIX, ApiError, parseErrorBody, type GroupDetail } from '@portal/api-client/core';
// The full entry (zod schemas) is fine here: only the lazily loaded setting page uploads.
import { groupDetailResponse, GROUP_IMAGE_FIELD } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { sessionTokens } from '@portal/api-client/session';

/** Which image of a group; the path segment of its upload call. */
export type GroupImageTarget = 'icon' | 'header-image';

export function groupImageUploadPath(groupId: number, target: GroupImageTarget): string {
  return `${API_PREFIX}/members/me/groups/${groupId}/${target}`;
}

interface XhrResult {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One multipart POST through XMLHttpRequest, the only browser API that reports upload progress. */
function send(url: string, file: File, token: string | null, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, 'INTERNAL_ERROR', 'network error'));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(GROUP_IMAGE_FIELD, file, file.name);
    xhr.send(form);
  });
}

function toError(r: XhrResult): ApiError {
  const parsed = parseErrorBody(r.body);
  if (parsed) return new ApiError(r.status, parsed.status_code, parsed.message, parsed);
  return new ApiError(r.status, r.status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', 'upload failed');
}

/**
 * Uploads a group icon or header image with progress. An expired access token is refreshed once
 * through the shared client (the same refresh every other call uses), then the upload is retried.
 */
export async function uploadGroupImage(
  groupId: number,
  target: GroupImageTarget,
  file: File,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<GroupDetail> {
  const url = groupImageUploadPath(groupId, target);
  let r = await send(url, file, sessionTokens.getAccessToken(), onProgress, signal);
  if (r.status === 401 && toError(r).code === 'TOKEN_EXPIRED') {
    onProgress(0);
    r = await send(url, file, await api.refresh(), onProgress, signal);
  }
  if (r.status < 200 || r.status >= 300) throw toError(r);
  return groupDetailResponse.parse(r.body).items;
}
