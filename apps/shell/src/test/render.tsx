import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ComponentType } from 'react';
import { createI18n } from '@portal/i18n';
import { ModalProvider } from '@portal/ui';
import { setRemoteRuntime, RemoteUnavailableError, type RemoteRuntime } from '../remotes/runtime';
import { setNavigator } from '../session/navigation';
import type { RemoteName } from '@portal/api-client';

/**
 * A remote runtime whose modules are plain components (or a rejection), so tests exercise the
 * shell's real loading, boundary and retry code without a network.
 */
export function fakeRemotes(modules: Partial<Record<string, ComponentType | Error>>): RemoteRuntime {
  const rt: RemoteRuntime = {
    ready: Promise.resolve({ enabled: new Set(), source: 'network' }),
    async load<T>(remote: RemoteName, module: string): Promise<T> {
      const m = modules[`${remote}/${module}`];
      if (!m) throw new RemoteUnavailableError(remote);
      if (m instanceof Error) throw m;
      return { default: m } as T;
    },
  };
  setRemoteRuntime(rt);
  return rt;
}

export function renderRoutes(routes: RouteObject[], path: string, lang = 'ja') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator(
    (to, opts) => void router.navigate(to, opts),
    () => router.state.location.pathname,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n(lang);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ModalProvider>
          <RouterProvider router={router} />
        </ModalProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient, i18n };
}
