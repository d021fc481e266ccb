import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../feedback/feedback';

export type LazyPage<P> = ComponentType<P> & { preload: () => void };

/**
 * A route page whose code loads when it is first shown, so a remote's landing page (a feed, the
 * month, the chat list) does not evaluate its editors, galleries and admin screens. While it
 * loads, the same large spinner the shell shows while a remote loads: the page area looks the
 * same whichever of the two is still arriving; a part of a page passes a `fallback` of its own
 * box's size instead, so nothing moves when it arrives. `preload()` starts the load early and is
 * idempotent (the first load is shared).
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  fallback: ReactNode = <Spinner size="lg" />,
): LazyPage<P> {
  let started: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    started ??= load().then((m) => ({ default: pick(m) }));
    return started;
  };
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function Page(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
