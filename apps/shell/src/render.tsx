import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './App';

/**
 * The first render, as a transition: React renders it in slices of a few milliseconds and lets
 * the browser paint and handle input between them, instead of one long task of the whole tree
 * (Lighthouse's total blocking time on a phone). Suspense fallbacks still show.
 */
export function renderApp(container: HTMLElement, queryClient: QueryClient): void {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
