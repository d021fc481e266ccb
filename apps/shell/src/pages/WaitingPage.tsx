import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useSessionToken } from '../session/useSessionToken';
import { Spinner } from '@portal/ui';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';
import { loginRedirectTarget } from '../routes/redirect';
import { SESSION_SHARE_WAIT_MS, shareWaitedOut } from '../session/shareWait';

export { SESSION_SHARE_WAIT_MS };

/**
 * /waiting?redirect=: where the guard parks a request without a token. A logged-in user (or one
 * whose session another tab just shared) continues to the target; otherwise on to /login,
 * keeping the target for after login. Only same-origin relative targets are followed.
 */
export function WaitingPage() {
  usePageTitle(TITLE_KEYS.waiting);
  const token = useSessionToken();
  const raw = useSearchParams()[0].get('redirect');
  // The route guard may already have waited for the share at start (session/shareWait.ts).
  const [waited, setWaited] = useState(shareWaitedOut);

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), SESSION_SHARE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const target = loginRedirectTarget(raw);
  if (token) return <Navigate to={target} replace />;
  if (waited) {
    const keep = target !== '/' ? `?redirect=${encodeURIComponent(target)}` : '';
    return <Navigate to={`/login${keep}`} replace />;
  }
  return <Spinner />;
}
