import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { API_PREFIX, queryKeys, type Me, type Settings } from '@portal/api-client/core';
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
    // Images and downloads ask for signed links on almost every page; a test that cares answers
    // signUrls itself.
    if (name === 'signUrls' && handlers[name] === undefined) return signUrlsAnswer(args);
    const h = handlers[name];
    if (h === undefined) throw new Error(`unexpected call ${name}`);
    return typeof h === 'function' ? (h as Handler)(args) : h;
  }) as never);
}

/** What a test's fake API signs `path` as: the full path plus a visible marker. */
export function testSignedUrl(path: string): string {
  const full = path.startsWith(`${API_PREFIX}/`) ? path : `${API_PREFIX}${path}`;
  return `${full}${full.includes('?') ? '&' : '?'}s=test`;
}

/** The fake API's answer to `signUrls`. */
export function signUrlsAnswer(args?: Record<string, unknown>): { urls: string[] } {
  const items = (args?.body as { items?: { path: string }[] } | undefined)?.items ?? [];
  return { urls: items.map((i) => testSignedUrl(i.path)) };
}

/** Every path a mocked `api.call` was asked to sign, in order (items keep their zip body off). */
export function signedPaths(call: { mock: { calls: unknown[][] } }): string[] {
  return call.mock.calls
    .filter(([name]) => name === 'signUrls')
    .flatMap(([, args]) => ((args as { body: { items: { path: string }[] } }).body.items ?? []).map((i) => i.path));
}

/**
 * Records the downloads a page starts through signed links (see kit/download.ts): the probe
 * `fetch` answers `status` and each anchor click is kept. Call `restore()` in the test's end.
 */
export function captureDownloads(status = 200) {
  const started: { href: string; download: string }[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('x', { status }));
  const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push({ href: this.getAttribute('href')!, download: this.download });
  });
  return {
    started,
    restore() {
      fetchSpy.mockRestore();
      clickSpy.mockRestore();
    },
  };
}
