import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { queryKeys, type Me, type Settings } from '@portal/api-client/core';
import { ModalProvider } from '@portal/ui';

export interface RenderRemoteOptions {
  /** Where the shell mounts the remote's routes, e.g. `/group`. */
  mount: string;
  routes: ComponentType;
  settings?: Settings;
  /** The user the shell cached at login; absent leaves `me` to the page's own query. */
  me?: Partial<Me>;
  /** Cached answers never refetch (pages that read `me` or settings without a handler). */
  staleForever?: boolean;
}

function Where() {
  const l = useLocation();
  return (
    <output data-testid="where">
      {l.pathname}
      {l.search}
    </output>
  );
}

/**
 * Renders a remote's routes the way the shell mounts them — on a splat route, inside the query
 * client, modal provider and router — with the settings the shell caches at login. `where()` is the
 * current path and query; any path outside the mount shows the shell's catch-all.
 */
export function renderRemote(url: string, opts: RenderRemoteOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, ...(opts.staleForever ? { staleTime: Infinity } : {}) }, mutations: { retry: false } },
  });
  queryClient.setQueryData(queryKeys.settings(), opts.settings ?? DEFAULT_USER_SETTINGS);
  if (opts.me) queryClient.setQueryData(queryKeys.me(), opts.me);
  const RemoteRoutes = opts.routes;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={`${opts.mount}/*`} element={<RemoteRoutes />} />
            <Route path="*" element={<p>shell catch-all</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, where: () => result.getByTestId('where').textContent };
}

type Handler = (args: Record<string, unknown> | undefined) => unknown;
type CallMock = { mockImplementation: (fn: never) => unknown };

/**
 * Answers a mocked `api.call` by endpoint name: an object is the answer, a function computes it
 * from the call's arguments (and may throw an ApiError). An unexpected call fails the test loudly.
 */
export function answerCalls(call: CallMock, handlers: Record<string, Handler | object>): void {
  call.mockImplementation((async (name: string, args?: Record<string, unknown>) => {
    const h = handlers[name];
    if (h === undefined) throw new Error(`unexpected call ${name}`);
    return typeof h === 'function' ? (h as Handler)(args) : h;
  }) as never);
}
