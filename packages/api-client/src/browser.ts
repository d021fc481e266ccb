import { createApiClient, type ApiClient } from './client';
import type { ApiError } from './errors';
import { sessionTokens } from './session';

/**
 * The one API client of the browser. Shell and remotes import it from this module, which Module
 * Federation shares as a singleton, so they share one token, one refresh in flight and one
 * session-end handler (installed by the shell).
 */
let onSessionEnd: (err: ApiError) => void = () => {};

export const api: ApiClient = createApiClient({
  tokens: sessionTokens,
  onSessionEnd: (err) => onSessionEnd(err),
});

export function setSessionEndHandler(handler: (err: ApiError) => void): void {
  onSessionEnd = handler;
}

/** Session storage key (spec: "auth holds … redirect value for LINE login"): login or link. */
export const LINE_MODE_STORAGE_KEY = 'portal.line-login.mode';

/**
 * Sends the browser to LINE (login from the login page, link from account-info). The mode is
 * kept in session storage for the /line-login page LINE returns to; the server holds the rest.
 */
export async function beginLineFlow(mode: 'login' | 'link'): Promise<void> {
  const { items } = mode === 'login' ? await api.call('lineLoginStart') : await api.call('lineLinkStart');
  sessionStorage.setItem(LINE_MODE_STORAGE_KEY, mode);
  window.location.assign(items.authorize_url);
}
