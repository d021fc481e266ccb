import { ApiError, queryKeys, type ApiClient, type LoginBody, type Settings } from '@portal/api-client/core';
import { setSession } from '@portal/api-client/session';
import type { QueryClient } from '@tanstack/react-query';
import { applyUserSettings, type ApplyDeps } from './settings';
import { endSessionLocally } from './logout';
import { loginRedirectTarget } from '../routes/redirect';
import { $loginInProgress } from '../stores/login';

export interface LoginDeps extends ApplyDeps {
  api: Pick<ApiClient, 'call'>;
  queryClient: QueryClient;
}

export type LoginOutcome =
  | { kind: 'done'; to: string }
  | { kind: 'no-group'; to: '/employee-without-group' }
  | { kind: 'pending'; to: '/approval-waiting' }
  | { kind: 'must-reset'; to: string };

/**
 * The login sequence of section 2/4: token → user → group check → settings (language, theme)
 * → the page the user first asked for. Errors other than the two handled here are thrown as
 * ApiError for the form to show inline.
 */
export async function performLogin(
  body: LoginBody,
  opts: { emailLogin: boolean; redirect: string | null },
  deps: LoginDeps,
): Promise<LoginOutcome> {
  return performTokenLogin(async () => (await deps.api.call('login', { body })).items.access_token, opts, deps);
}

/**
 * The same sequence after any way of obtaining the access token: the password form above, or
 * LINE login's one-time code (the LINE callback page).
 */
export async function performTokenLogin(
  obtain: () => Promise<string>,
  opts: { emailLogin: boolean; redirect: string | null },
  deps: LoginDeps,
): Promise<LoginOutcome> {
  $loginInProgress.set(true);
  try {
    return await loginSteps(obtain, opts, deps);
  } finally {
    $loginInProgress.set(false);
  }
}

async function loginSteps(
  obtain: () => Promise<string>,
  opts: { emailLogin: boolean; redirect: string | null },
  deps: LoginDeps,
): Promise<LoginOutcome> {
  let token: string;
  try {
    token = await obtain();
  } catch (e) {
    const resetToken = e instanceof ApiError && e.code === 'MUST_RESET_PASSWORD' ? e.body?.data?.reset_token : undefined;
    if (typeof resetToken === 'string' && resetToken) {
      return { kind: 'must-reset', to: `/reset-password?token=${encodeURIComponent(resetToken)}` };
    }
    // Spec section 6: the right password of an employee in no group gets no session, only the
    // page that says why.
    if (e instanceof ApiError && e.code === 'USER_NOT_BE_LONG_TO_GROUP') return { kind: 'no-group', to: '/employee-without-group' };
    throw e;
  }
  setSession({ accessToken: token, emailLogin: opts.emailLogin, lastActivity: Date.now(), user: null });

  try {
    await deps.api.call('checkGroupUserLogin');
  } catch (e) {
    if (e instanceof ApiError && e.code === 'USER_NOT_BE_LONG_TO_GROUP') {
      return { kind: 'no-group', to: '/employee-without-group' };
    }
    // Registered through a group link, not approved yet: the session stays (to log out), the
    // portal does not open.
    if (e instanceof ApiError && e.code === 'PENDING_APPROVAL') {
      return { kind: 'pending', to: '/approval-waiting' };
    }
    // Only a refusal from the server ends the new session; a fetch aborted because the user
    // navigated away (or the tab reloads) must not wipe the token the next page relies on.
    if (e instanceof ApiError) endSessionLocally();
    throw e;
  }

  try {
    const me = (await deps.api.call('me')).items;
    setSession({ user: { id: me.info.id, name: me.info.name || 'User' } });
    deps.queryClient.setQueryData(queryKeys.me(), me);
    const settings: Settings = (await deps.api.call('settings')).items;
    deps.queryClient.setQueryData(queryKeys.settings(), settings);
    await applyUserSettings(settings, deps);
  } catch (e) {
    // Half a login (token but no user) would show a broken portal; start over instead. An
    // aborted fetch is not a refusal: the next page loads the user and settings itself.
    if (e instanceof ApiError) {
      endSessionLocally();
      // The password was right but the account behind it could not be read: the spec's
      // "account information cannot be confirmed", not the refusal of a later call. A busy
      // server keeps its own "try again" words.
      if (e.status < 500 && e.code !== 'API_RATE_EXCEEDED') throw new ApiError(e.status, 'ACCOUNT_NOT_CONFIRMED', e.message, e.body);
    }
    throw e;
  }
  return { kind: 'done', to: loginRedirectTarget(opts.redirect) };
}
