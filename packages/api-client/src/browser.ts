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
