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
const cache = new Map<string, Loaded>();
/** The loads started ahead of rendering (preloadRemoteModule), by cache key. */
const started = new Map<string, Promise<unknown>>();

/**
 * One lazy component per remote module and attempt: React.lazy remembers a rejection forever, so
 * a retry must build a new one; a success is reused so remounts do not flash a spinner. `start`
 * begins the load now rather than when React first renders the area (preloadRemoteModule).
 */
function lazyRemote(remote: RemoteName, module: string, attempt: number, start = false): Loaded {
  const key = `${remote}/${module}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    const load = async () => {
      const mod = await getRemoteRuntime().load<{ default?: ComponentType } | ComponentType>(remote, module);
      const Comp = typeof mod === 'function' ? mod : mod.default;
      if (!Comp) throw new Error(`${remote}/${module} has no default export`);
      return { default: Comp };
    };
    const early = start ? load() : null;
    // A failure surfaces when the area renders (its fallback and retry); not unhandled before.
    if (early)
      started.set(
        key,
        early.catch(() => undefined),
      );
    component = lazy(() => early ?? load());
    cache.set(key, component);
  }
  return component;
}

/**
 * Starts loading a remote module before React reaches it (home's widgets and a main page's route
 * module as soon as remotes.json is in, not after the start-up code has rendered the layout); the
 * area's first attempt uses it. Settles (never rejects) when the load has; a module already
 * asked for by a render is not asked for again (settles at once).
 */
export function preloadRemoteModule(remote: RemoteName, module: string): Promise<unknown> {
  lazyRemote(remote, module, 0, true);
  return started.get(`${remote}/${module}#0`) ?? Promise.resolve();
}

export function RemoteModule({ remote, module, variant = 'page' }: RemoteModuleProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const Comp = lazyRemote(remote, module, attempt);
  return (
    <div className={`shell-remote shell-remote--${variant}`} data-remote={`${remote}/${module}`}>
      <RemoteBoundary
        resetKey={attempt}
        onError={(error) => getRemoteRuntime().renderFailed(remote, error)}
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
        <Suspense fallback={<Spinner size={variant === 'widget' ? 'sm' : 'lg'} label={t('remote.loading')} />}>
          <Comp />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
