import { api } from '@portal/api-client/browser';

/** Fetches a binary with the bearer token (a plain link cannot send it). */
export async function fetchFileBlob(path: string, init?: { method?: string; body?: unknown }): Promise<Blob> {
  const res = await api.request(
    init?.method ?? 'GET',
    path,
    init?.body === undefined ? undefined : { body: JSON.stringify(init.body), headers: { 'Content-Type': 'application/json' } },
  );
  return res.blob();
}

/** Hands a blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
