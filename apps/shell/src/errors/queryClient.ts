import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@portal/api-client/core';
import { handleApiError, type ErrorHandlerDeps } from './handleApiError';

/**
 * The portal's QueryClient: every failed query or mutation goes through section 8's table,
 * except those that opt out with `meta: { silent: true }` (the spec says calendar and
 * notification fetch failures are only logged) — they show their own inline state.
 */
export function createQueryClient(deps: ErrorHandlerDeps): QueryClient {
  const onError = (err: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.silent) {
      console.warn('[query] failed', err);
      return;
    }
    handleApiError(err, deps);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onError(err, query.meta) }),
    mutationCache: new MutationCache({ onError: (err, _v, _c, mutation) => onError(err, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; network and 5xx errors get one more try.
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
