import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_PREFIX } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * Own root, not under ['groups', id] or ['common-files']: invalidating a group or a file list must
 * not refetch unchanged images.
 */
const ROOT = 'api-image';
export const apiImageKey = (path: string) => [ROOT, path] as const;

/**
 * The cache owns the object URLs it holds: one is revoked when its query leaves the cache (gcTime
 * after the last component using it unmounts, or `clear()`) or when a refetch replaces it. A
 * component never revokes one itself, since another row may be showing the same URL.
 */
const watched = new WeakSet<QueryClient>();
function releaseUnusedUrls(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  const held = new Map<string, string>();
  queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== ROOT) return;
    const previous = held.get(query.queryHash);
    const current = event.type === 'removed' ? undefined : (query.state.data as string | undefined);
    if (previous === current) return;
    if (previous) URL.revokeObjectURL(previous);
    if (current) held.set(query.queryHash, current);
    else held.delete(query.queryHash);
  });
}

async function fetchImage(path: string): Promise<string> {
  const res = await api.request('GET', path.slice(API_PREFIX.length), { headers: { Accept: 'image/*' } });
  return URL.createObjectURL(await res.blob());
}

/**
 * A displayable URL for an image the API serves (group icons and headers, file thumbnails). The
 * API serves them to members only, behind the bearer token, which an `<img src>` cannot send; so
 * the bytes are fetched with the client and shown from an object URL. The URL names the stored
 * picture (a new upload is a new URL), so one fetch per URL serves every list row, menu item and
 * header showing it. Null while loading, or when the image cannot be had (the caller shows
 * initials or an icon); any other URL is returned as it is.
 */
export function useApiImageSrc(path: string | null | undefined): string | null {
  const queryClient = useQueryClient();
  releaseUnusedUrls(queryClient);
  const viaApi = Boolean(path?.startsWith(`${API_PREFIX}/`));
  const image = useQuery({
    queryKey: apiImageKey(path ?? ''),
    queryFn: () => fetchImage(path!),
    enabled: viaApi,
    staleTime: Infinity,
    // A missing or forbidden image shows as initials or an icon; the page around it still works.
    meta: { silent: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!path) return null;
  return viaApi ? (image.data ?? null) : path;
}
