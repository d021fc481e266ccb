import { lazy, Suspense, type ComponentProps } from 'react';
import type { FolderManager as EagerFolderManager } from './FolderManager';

// The manager validates folder names with the api-client schema (zod). The group list on home
// renders it only once the user opens it, so loading it then keeps zod off the home page.
const LazyFolderManager = lazy(() => import('./FolderManager').then((m) => ({ default: m.FolderManager })));

export function FolderManager(props: ComponentProps<typeof EagerFolderManager>) {
  return (
    <Suspense fallback={null}>
      <LazyFolderManager {...props} />
    </Suspense>
  );
}
