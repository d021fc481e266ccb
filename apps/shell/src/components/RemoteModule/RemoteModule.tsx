import { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
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

/** One load of a remote module, readable during a render once it has settled. */
interface Load {
  promise: Promise<ComponentType>;
  status: 'pending' | 'fulfilled' | 'rejected';
  component?: ComponentType;
  error?: unknown;
}

/** By remote, module and attempt: a failure is kept for its attempt, a retry is a new load. */
const loads = new Map<string, Load>();

function loadOf(remote: RemoteName, module: string, attempt: number): Load {
  const key = `${remote}/${module}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    const promise = getRemoteRuntime()
      .load<{ default?: ComponentType } | ComponentType>(remote, module)
      .then((mod) => {
        const Comp = typeof mod === 'function' ? mod : mod.default;
        if (!Comp) throw new Error(`${remote}/${module} has no default export`);
        return Comp;
      });
    const entry: Load = { promise, status: 'pending' };
    // A failure surfaces when the area renders (its fallback and retry), never as unhandled.
    promise.then(
      (component) => Object.assign(entry, { status: 'fulfilled', component }),
      (error: unknown) => Object.assign(entry, { status: 'rejected', error }),
    );
    loads.set(key, entry);
    load = entry;
  }
  return load;
}

/**
 * Starts loading a remote module before React reaches it (home's widgets and a main page's route
 * module as soon as remotes.json is in, not after the start-up code has rendered the layout); the
 * area's first attempt uses it. Settles (never rejects) when the load has; a module already
 * asked for is not asked for again.
 */
export function preloadRemoteModule(remote: RemoteName, module: string): Promise<unknown> {
  return loadOf(remote, module, 0).promise.catch(() => undefined);
}

/**
 * The module once loaded, its error thrown to the area's boundary, or `loading` meanwhile.
 * Not React.lazy: a lazy component suspends, and the content that replaces a Suspense fallback
 * is held back by React until 300 ms after that fallback appeared — on a phone, the page's
 * content and its largest paint came that much after its code and data were in. Shown from a
 * transition instead, the module renders as soon as it is here, in slices like the first render.
 */
function Loaded({ load, loading }: { load: Load; loading: ReactNode }) {
  const [, setSettled] = useState(0);
  const shown = load.status !== 'pending';
  useEffect(() => {
    // Rendered while loading: render again once settled (also if that was before this effect).
    if (shown) return;
    let live = true;
    const settled = () => {
      if (live) startTransition(() => setSettled((n) => n + 1));
    };
    load.promise.then(settled, settled);
    return () => {
      live = false;
    };
  }, [load, shown]);
  if (load.status === 'rejected') throw load.error;
  const Comp = load.component;
  return Comp ? <Comp /> : loading;
}

export function RemoteModule({ remote, module, variant = 'page' }: RemoteModuleProps) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const load = loadOf(remote, module, attempt);
  const loading = <Spinner size={variant === 'widget' ? 'sm' : 'lg'} label={t('remote.loading')} />;
  return (
    <div className={`shell-remote shell-remote--${variant}`} data-remote={`${remote}/${module}`}>
      <RemoteBoundary
        resetKey={attempt}
        onError={(error) => getRemoteRuntime().renderFailed(remote, error)}
        fallback={(error) => (
          <ErrorFallback
            error={error}
            onRetry={() => {
              loads.delete(`${remote}/${module}#${attempt}`);
              setAttempt((a) => a + 1);
            }}
          />
        )}
      >
        {/* The module itself may still suspend (its strings, a lazy page of its own). */}
        <Suspense fallback={loading}>
          <Loaded load={load} loading={loading} />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
