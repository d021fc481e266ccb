import { ApiError, parseErrorBody } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { sessionTokens } from '@portal/api-client/session';

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
function send(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('upload cancelled', 'AbortError'));
      return;
    }
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
    xhr.send(form);
  });
}

function toError(r: XhrResult): ApiError {
  const parsed = parseErrorBody(r.body);
  if (parsed) return new ApiError(r.status, parsed.status_code, parsed.message, parsed);
  return new ApiError(r.status, r.status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', 'upload failed');
}

export interface MultipartOptions {
  /** Upload progress as 0‥1; reset to 0 when the post is retried with a fresh token. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Posts a multipart form to an API URL (with the `/service/api/v1` prefix) with upload progress
 * and the session's bearer token, and returns the parsed JSON body. An expired access token is
 * refreshed once through the shared client (the same refresh every other call uses) and the post
 * retried; `form` builds the body each time because a sent FormData cannot be trusted to be
 * re-readable. A refusal becomes an ApiError carrying the server's code and body.
 */
export async function postMultipart(url: string, form: () => FormData, options: MultipartOptions = {}): Promise<unknown> {
  const onProgress = options.onProgress ?? (() => {});
  let r = await send(url, form(), sessionTokens.getAccessToken(), onProgress, options.signal);
  if (r.status === 401 && toError(r).code === 'TOKEN_EXPIRED') {
    onProgress(0);
    r = await send(url, form(), await api.refresh(), onProgress, options.signal);
  }
  if (r.status < 200 || r.status >= 300) throw toError(r);
  return r.body;
}
