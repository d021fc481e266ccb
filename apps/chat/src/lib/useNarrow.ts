import { useEffect, useState } from 'react';
import { LIMITS } from '@portal/api-client/core';

const QUERY = `(max-width: ${LIMITS.chatMobileBreakpoint - 1}px)`;

/** Below the spec's 1200 px chat breakpoint the list and the detail are separate screens. */
export function useNarrow(): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
  const [narrow, setNarrow] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(QUERY);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    on();
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}
