import { useSyncExternalStore } from 'react';

/**
 * A phone or tablet: a coarse (touch) pointer or a narrow screen. Only there does the group menu
 * offer the QR scanner (spec section 2: "on mobile devices"); a desktop webcam pointed at a
 * printed code is not a use case worth a button.
 */
export const MOBILE_QUERY = '(pointer: coarse), (max-width: 767px)';

function subscribe(onChange: () => void) {
  const mql = window.matchMedia?.(MOBILE_QUERY);
  mql?.addEventListener?.('change', onChange);
  return () => mql?.removeEventListener?.('change', onChange);
}

export function useIsMobileDevice(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(MOBILE_QUERY).matches ?? false,
    () => false,
  );
}
