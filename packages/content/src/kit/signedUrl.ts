import { API_PREFIX } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * Short-lived signed links: what the browser loads by URL — an `<img>`, a download it
 * streams to disk — cannot carry the bearer token, so the API signs a link that names one file
 * for this user for a few minutes and authorises every request made with it. Links are cut on a
 * five-minute grid, so a page shown again soon gets the same URL and the browser's cached copy.
 */
export interface SignItem {
  /** API path with or without API_PREFIX, optionally with a query. */
  path: string;
  /** For a zip download: what its POST would carry. */
  body?: Record<string, unknown>;
}

/** The server signs at most this many per call. */
const BATCH = 100;

let queue: { item: SignItem; resolve(url: string): void; reject(err: unknown): void }[] = [];
let scheduled = false;

async function flush() {
  scheduled = false;
  const taken = queue;
  queue = [];
  for (let i = 0; i < taken.length; i += BATCH) {
    const part = taken.slice(i, i + BATCH);
    try {
      const { urls } = await api.call('signUrls', { body: { items: part.map((p) => p.item) } });
      part.forEach((p, j) => p.resolve(urls[j]!));
    } catch (err) {
      for (const p of part) p.reject(err);
    }
  }
}

/**
 * A signed URL for one API path. Calls made in the same tick (every avatar of a list rendering
 * at once) share one request.
 */
export function signUrl(item: SignItem): Promise<string> {
  return new Promise((resolve, reject) => {
    queue.push({ item, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void flush(), 0);
    }
  });
}

/** Whether `path` is an API path (signable), not an external, data: or blob: URL. */
export const isApiPath = (path: string | null | undefined): path is string => Boolean(path?.startsWith(`${API_PREFIX}/`));
