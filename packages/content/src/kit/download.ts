import { ApiError, parseErrorBody } from '@portal/api-client/core';
import { signUrl, type SignItem } from './signedUrl';

/**
 * Saves a file (or a zip) the way a link does: the browser requests a signed URL and streams the
 * answer to disk, so a 500 MB zip never sits in the page's memory. A navigation shows no error
 * the page could explain, so the response's head is looked at first (its body is dropped as soon
 * as the status is known) and a refusal is thrown as the API's own error.
 */
export async function downloadByLink(item: SignItem, name: string): Promise<void> {
  const url = await signUrl(item);
  const probe = new AbortController();
  const res = await fetch(url, { signal: probe.signal, headers: { Range: 'bytes=0-0' }, credentials: 'omit' });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // Not JSON: the status alone says what happened.
    }
    const parsed = parseErrorBody(body);
    throw parsed
      ? new ApiError(res.status, parsed.status_code, parsed.message, parsed)
      : new ApiError(res.status, 'INTERNAL_ERROR', res.statusText);
  }
  probe.abort();
  const a = document.createElement('a');
  a.href = url;
  // Same origin, so the name is honoured; the server's Content-Disposition names it too.
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
