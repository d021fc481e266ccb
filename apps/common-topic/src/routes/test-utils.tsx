import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { queryKeys, type Me, type Settings } from '@portal/api-client/core';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { ModalProvider } from '@portal/ui';
import CommonTopicRoutes from '.';

/** Test files mock '@portal/api-client/browser' themselves; this is the mocked `call`. */
export const call = () => vi.mocked(api.call);
export const calls = (name: string) => call().mock.calls.filter(([n]) => n === name);

type Handler = (args: Record<string, unknown> | undefined) => unknown;

/** Answers api.call by endpoint name; an unexpected call fails the test loudly. */
export function answer(handlers: Record<string, Handler | object>) {
  call().mockImplementation((async (name: string, args?: Record<string, unknown>) => {
    const h = handlers[name];
    if (h === undefined) throw new Error(`unexpected call ${name}`);
    return typeof h === 'function' ? (h as Handler)(args) : h;
  }) as never);
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

/** Mounted the way the shell mounts the remote, with the user and settings the shell cached at login. */
export function renderAt(url: string, me: { common_topic_role: boolean }, settings: Settings = DEFAULT_USER_SETTINGS) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.settings(), settings);
  queryClient.setQueryData(queryKeys.me(), { id: 1, common_topic_role: me.common_topic_role } as Partial<Me>);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/common-topic/*" element={<CommonTopicRoutes />} />
            <Route path="*" element={<p>shell catch-all</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, where: () => result.getByTestId('where').textContent };
}
