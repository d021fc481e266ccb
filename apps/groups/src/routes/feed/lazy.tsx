import { lazy, Suspense } from 'react';
import { Spinner } from '@portal/ui';

// The editor pages carry Lexical (about 100 KB gzip); only people who write topics need it, so
// it loads when one of them opens, not with every group page.
const LazyCreate = lazy(() => import('./TopicCreatePage').then((m) => ({ default: m.TopicCreatePage })));
const LazyUpdate = lazy(() => import('./TopicUpdatePage').then((m) => ({ default: m.TopicUpdatePage })));

export function TopicCreatePage() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyCreate />
    </Suspense>
  );
}

export function TopicUpdatePage() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyUpdate />
    </Suspense>
  );
}
