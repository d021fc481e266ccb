import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A small Module Federation runtime plugin: a remote's manifest, entry script and exposed-module
 * chunks are retried a few times with backoff before the area gives up and shows its fallback.
 * One flaky request should cost a short delay, not a broken page.
 */
export interface RetryOptions {
  /** Extra attempts after the first failure. */
  retries?: number;
  /** Delay before retry n (1-based) is baseDelayMs * 2^(n-1). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const DEFAULT_RETRIES = 2;

/**
 * Runs `attempt` up to 1 + retries times. `alreadyFailed` means the caller's first try has
 * failed already, so every call here is a retry and waits its backoff first.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  { retries = DEFAULT_RETRIES, baseDelayMs = 500, sleep = defaultSleep }: RetryOptions = {},
  alreadyFailed = false,
): Promise<T> {
  let lastError: unknown;
  const offset = alreadyFailed ? 1 : 0;
  for (let i = offset; i <= retries; i++) {
    if (i > 0) await sleep(baseDelayMs * 2 ** (i - 1));
    try {
      return await attempt();
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/** A 5xx or a network failure may pass; a 404 will not, so it is not retried. */
async function fetchRetrying(url: string, init: RequestInit, opts: RetryOptions): Promise<Response> {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  let last: Response | undefined;
  try {
    return await withRetry(async () => {
      const res = await doFetch(url, init);
      if (res.status >= 500) {
        last = res;
        throw new Error(`HTTP ${res.status}`);
      }
      return res;
    }, opts);
  } catch (e) {
    if (last) return last;
    throw e;
  }
}

export function retryPlugin(opts: RetryOptions = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry-plugin',
    // A remote's manifest (mf-manifest.json) lives at a versioned URL the API serves as immutable
    // (a new build is a new URL in remotes.json, which is never cached), so the HTTP cache may
    // answer it: the shell's entry asks for the start page's manifests early (index.ts), and a
    // return visit needs no round trip. Failed answers are not cached (5xx, or 404 with no-store).
    fetch(url, init) {
      return fetchRetrying(url, init ?? {}, opts);
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) {
      // The failed load is still registered as "in flight"; without clearing it every retry
      // would just await the same rejected promise.
      return withRetry(
        async () => {
          delete globalLoading[uniqueKey];
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined });
          if (!exports) throw new Error(`remote ${remoteInfo.name} has no entry exports`);
          return exports;
        },
        opts,
        true,
        // The hook's declared type wraps the result in one more promise than the runtime awaits.
      ).catch(() => undefined) as never;
    },
    getModuleFactory({ remoteEntryExports, expose }) {
      // A chunk that failed to load is dropped from the bundler's cache, so calling get() again
      // fetches it again.
      return withRetry(() => Promise.resolve(remoteEntryExports.get(expose)), opts);
    },
  };
}
