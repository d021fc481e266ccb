import { startTransition, useEffect, useState } from 'react';

/**
 * A widget's query data, with its first arrival rendered in a transition. A query's answer
 * re-renders its component synchronously (react-query reads the cache through
 * useSyncExternalStore, which React never slices), so a list arriving all at once on home was a
 * main-thread task of its whole size (Lighthouse's blocking time). Here that render
 * shows the loading state once more and the list follows in a transition React renders in
 * slices. Data present at mount, and every later answer (refetches, realtime), render at once as
 * before. Callers treat `undefined` without an error as loading.
 */
export function useFirstDataInTransition<T>(data: T | undefined): T | undefined {
  const [shown, setShown] = useState(data !== undefined);
  useEffect(() => {
    if (!shown && data !== undefined) startTransition(() => setShown(true));
  }, [shown, data]);
  return shown ? data : undefined;
}
