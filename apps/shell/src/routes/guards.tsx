import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { $session } from '@portal/api-client/session';
import { useSessionToken } from '../session/useSessionToken';
import { loginRedirectTarget, waitingUrl } from './redirect';
import { $loginInProgress } from '../stores/login';
import { $awaitingShare } from '../session/shareWait';
import { Spinner } from '@portal/ui';

/**
 * Pathless parent of every auth-only route (spec section 2, route guards). It sits above the
 * lazy remote routes rather than on them, so the guard runs before any remote code loads.
 */
export function RequireAuth() {
  const token = useSessionToken();
  const location = useLocation();
  // A new tab whose session another tab is about to share waits here (session/shareWait.ts).
  const awaiting = useStore($awaitingShare);
  if (!token) return awaiting ? <Spinner /> : <Navigate to={waitingUrl(location)} replace />;
  return <Outlet />;
}

/**
 * Login pages: a logged-in user has nothing to do there and goes home. Read at once, not in a
 * transition: a login in progress sets the token and then ends, and the guard must see both in
 * that order or it sends the user home before the login's own destination.
 */
export function GuestOnly() {
  const token = useStore($session).accessToken;
  const loggingIn = useStore($loginInProgress);
  const [params] = useSearchParams();
  // Straight to the page the user first asked for (a calendar deep link), not through home: a
  // login ends with this render before the login page's own navigation.
  if (token && !loggingIn) return <Navigate to={loginRedirectTarget(params.get('redirect'))} replace />;
  return <Outlet />;
}
