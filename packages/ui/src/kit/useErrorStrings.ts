import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

export interface ErrorStrings {
  /** `t` of the `errors` namespace, for `translateError(t, code)`. */
  t: TFunction<'errors'>;
  /** The strings are in, or could not be fetched (translateError then gives the generic message). */
  ready: boolean;
  /** Runs `show` at once when `ready`, else as soon as the strings have loaded (or failed to). */
  afterLoad: (show: () => void) => void;
}

/**
 * The `errors` strings (API error codes) for a component that may show a refusal. They are not
 * bundled up front — home shows none — so mounting starts their load, without suspending: a
 * component that renders fine must not wait for messages it may never show. A message built in
 * an event handler goes through `afterLoad`, one rendered goes behind `ready`, so none is built
 * before the strings are there; translateError never shows a raw key either way.
 */
export function useErrorStrings(): ErrorStrings {
  const { t, i18n, ready } = useTranslation('errors', { useSuspense: false });
  const afterLoad = useCallback(
    (show: () => void) => {
      if (i18n.hasLoadedNamespace('errors')) show();
      // loadNamespaces resolves on failure too (after i18next's retries): the generic message.
      else void i18n.loadNamespaces('errors').then(show);
    },
    [i18n],
  );
  return { t, ready, afterLoad };
}
