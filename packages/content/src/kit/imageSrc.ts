import { useQuery } from '@tanstack/react-query';
import { isApiPath, signUrl } from './signedUrl';

/**
 * Own root, not under ['groups', id] or ['common-files']: invalidating a group or a file list must
 * not sign unchanged images again.
 */
const ROOT = 'api-image';
export const apiImageKey = (path: string) => [ROOT, path] as const;

/**
 * Links live five to ten minutes (see signedUrl.ts); one older than four is signed again before a
 * newly mounted `<img>` uses it, so no image is ever asked for with an expired link.
 */
const FRESH_MS = 4 * 60_000;

/**
 * A displayable URL for an image the API serves (group icons and headers, avatars, file
 * thumbnails): a signed link a plain `<img>` loads and the browser caches (`Cache-Control:
 * private` for the link's life, and an ETag). The path names the stored picture (a new upload is a
 * new path), and links of one page share one signing request. Null while signing or when it
 * failed (the caller shows initials or an icon); any other URL is returned as it is.
 */
export function useApiImageSrc(path: string | null | undefined): string | null {
  const viaApi = isApiPath(path);
  const image = useQuery({
    queryKey: apiImageKey(path ?? ''),
    queryFn: () => signUrl({ path: path! }),
    enabled: viaApi,
    staleTime: FRESH_MS,
    // A missing image shows as initials or an icon; the page around it still works.
    meta: { silent: true },
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!path) return null;
  return viaApi ? (image.data ?? null) : path;
}
