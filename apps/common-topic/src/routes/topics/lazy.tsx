import { lazy, Suspense } from 'react';
import { Spinner } from '@portal/ui';

// The editor pages carry Lexical (about 100 KB gzip); only authors of common topics need it.
const LazyCreate = lazy(() => import('./CommonTopicCreatePage').then((m) => ({ default: m.CommonTopicCreatePage })));
const LazyUpdate = lazy(() => import('./CommonTopicUpdatePage').then((m) => ({ default: m.CommonTopicUpdatePage })));

export function CommonTopicCreatePage() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyCreate />
    </Suspense>
  );
}

export function CommonTopicUpdatePage() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyUpdate />
    </Suspense>
  );
}
