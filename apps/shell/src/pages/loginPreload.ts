import { loadNamespaces } from '@portal/i18n';

/** Strings of every login-type page: `auth`, `validation` for its form messages, `errors` for a refused login. */
export const LOGIN_PAGE_NAMESPACES = ['auth', 'validation', 'errors'] as const;

/** Where a visitor without a session lands first (the two login forms). */
const LOGIN_PATHS = new Set(['/login', '/email/login']);

/**
 * A start on a login form without a session asks for the form's code and strings at once, while
 * the start-up chunks are still evaluating, instead of when React's first render reaches the lazy
 * route: one round trip less before the form paints (Lighthouse's LCP of /login on a phone).
 * The route's own import then finds the chunk loaded or loading. Settles (never
 * rejects) when both have arrived or failed.
 */
export function preloadLoginPage(pathname: string, hasSession: boolean): Promise<unknown> {
  if (hasSession || !LOGIN_PATHS.has(pathname)) return Promise.resolve();
  return Promise.all([import('./LoginPage'), loadNamespaces(LOGIN_PAGE_NAMESPACES)]).catch(() => undefined);
}
