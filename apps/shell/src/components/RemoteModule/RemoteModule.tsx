import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@portal/api-client/core';
import { ErrorFallback, Spinner } from '@portal/ui';
import { getRemoteRuntime } from '../../remotes/runtime';
import { RemoteBoundary } from './RemoteBoundary';

export interface RemoteModuleProps {
  remote: RemoteName;
  /** Exposed module without the './' prefix: 'routes', 'NewsList', … */
  module: string;
  /** A compact loading state for small widgets (navbar, home boxes). */
  variant?: 'page' | 'widget';
}

type Loaded = LazyExoticComponent<ComponentType>;
type Module = { default?: ComponentType } | ComponentType;
const cache = new Map<string, Loaded>();
/** Loads started by preloadRemoteModule before React rendered the area (first attempt only). */
const preloaded = new Map<string, Promise<Module>>();

/**
 * Starts loading a remote module before React reaches it (home's widgets as soon as remotes.json
 * is in, not after the start-up code has rendered the layout); the area's first attempt then
 * takes this load. A failure surfaces there as usual, with its retry.
 */
export function preloadRemoteModule(remote: RemoteName, module: string): void {
  const key = `${remote}/${module}#0`;
  if (cache.has(key) || preloaded.has(key)) return;
  const load = getRemoteRuntime().load<Module>(remote, module);
  load.catch(() => undefined);
  preloaded.set(key, load);
}

/**
 * One lazy component per remote module and attempt: React.lazy remembers a rejection forever, so
 * a retry must build a new one; a success is reused so remounts do not flash a spinner.
 */
function lazyRemote(remote: RemoteName, module: string, attempt: number): Loaded {
  const key = `${remote}/${module}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(async () => {
      const early = preloaded.get(key);
      preloaded.delete(key);
      const mod = await (early ?? getRemoteRuntime().load<Module>(remote, module));
      const Comp = typeof mod === 'function' ? mod : mod.default;
      if (!Comp) throw new Error(`${remote}/${module} has no default export`);
      return { default: Comp };
    });
    cache.set(key, component);
  }
  return component;
}

export function RemoteModule({ remote, module, variant = 'page' }: RemoteModuleProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const Comp = lazyRemote(remote, module, attempt);
  return (
    <div className={`shell-remote shell-remote--${variant}`} data-remote={`${remote}/${module}`}>
      <RemoteBoundary
        resetKey={attempt}
        fallback={(error) => (
          <ErrorFallback
            error={error}
            onRetry={() => {
              cache.delete(`${remote}/${module}#${attempt}`);
              setAttempt((a) => a + 1);
            }}
          />
        )}
      >
        <Suspense
          fallback={<Spinner size={variant === 'widget' ? 'sm' : 'lg'} label={t('remote.loading')} />}
        >
          <Comp />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
