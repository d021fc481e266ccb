import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { useLayoutEffect, type ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import { createTestI18n } from '@portal/i18n/testing';
import { ModalProvider } from '@portal/ui';
import { setRemoteRuntime, RemoteUnavailableError, type RemoteRuntime } from '../remotes/runtime';
import { NavigationBridge } from '../session/navigation';
import type { RemoteName } from '@portal/api-client/core';

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
    renderFailed: () => undefined,
  };
  setRemoteRuntime(rt);
  return rt;
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Mirrors the router's location into `at` so tests can assert where navigation went. */
function LocationProbe({ at }: { at: { location: Location | null } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    at.location = location;
  }, [at, location]);
  return null;
}

export interface RenderRoutesOptions {
  /** UI language of the default test instance (every string loaded). */
  lang?: string;
  /** Another i18next instance, e.g. the lazily loading `createI18n()` of production. */
  i18n?: I18n;
}

/**
 * Renders routes the way App does (memory router instead of the browser's, with the same
 * NavigationBridge), so guards, redirects and navigateTo behave as in the portal.
 */
export function renderRoutes(routes: RouteObject[], path: string, opts: RenderRoutesOptions = {}) {
  const at: { location: Location | null } = { location: null };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = opts.i18n ?? createTestI18n(opts.lang);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ModalProvider>
          <MemoryRouter initialEntries={[path]}>
            <NavigationBridge />
            <LocationProbe at={at} />
            <RouteTree routes={routes} />
          </MemoryRouter>
        </ModalProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const location = (): Location => {
    if (!at.location) throw new Error('the router has not rendered');
    return at.location;
  };
  return { ...utils, location, queryClient, i18n };
}
