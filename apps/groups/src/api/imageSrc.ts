import { useEffect, useState } from 'react';
import { API_PREFIX } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * A displayable URL for a group image. The API serves images to members only, behind the bearer
 * token, which an `<img src>` cannot send; so the bytes are fetched with the client and shown
 * from an object URL, released when the path changes or the component goes.
 */
export function useGroupImageSrc(path: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (!path) return;
    if (!path.startsWith(`${API_PREFIX}/`)) {
      setSrc(path);
      return;
    }
    let url: string | null = null;
    let live = true;
    api
      .request('GET', path.slice(API_PREFIX.length), { headers: { Accept: 'image/*' } })
      .then((res) => res.blob())
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => {
        // A missing or forbidden image shows as no image; the page around it still works.
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return src;
}
