import { LIMITS, type ApiClient } from '@portal/api-client/core';
import { $session, clearSession } from '@portal/api-client/session';
import { blockUi } from '@portal/ui';
import { clearBrowserStorage, readDeviceToken } from './storage';
import { navigateTo } from './navigation';

export interface LogoutDeps {
  api: Pick<ApiClient, 'call'>;
  setLanguage: (lang: 'ja' | 'en') => unknown;
  sleep?: (ms: number) => Promise<void>;
  /** Idle logout ends the session locally even when the server cannot be reached. */
  force?: boolean;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Where a session ends up after logout or expiry: back to the login page it started from. */
export function loginPathFor(emailLogin: boolean): string {
  return emailLogin ? '/email/login' : '/login';
}

/** Clears everything a session left behind (section 4 and the 401 row of section 8). */
export function endSessionLocally(): string {
  const to = loginPathFor($session.get().emailLogin);
  clearSession();
  clearBrowserStorage();
  return to;
}

let running: Promise<void> | null = null;

/**
 * Logout per section 4: with a device token, wait 3 s (block-UI), reset its notification
 * counter and remove it (a logged-out browser gets no pushes), then call logout; on success clear token, locale (ja) and both storages and go to the
 * login page the user came from; on error go home.
 */
export function logout(deps: LogoutDeps): Promise<void> {
  running ??= run(deps).finally(() => {
    running = null;
  });
  return running;
}

async function run({ api, setLanguage, sleep = sleepMs, force = false }: LogoutDeps): Promise<void> {
  const deviceToken = readDeviceToken();
  const release = blockUi({ blockBody: true });
  try {
    if (deviceToken) {
      await sleep(LIMITS.logoutResetDelayMs);
      try {
        await api.call('resetNotification', { body: { token: deviceToken } });
      } catch (e) {
        // The counter is cosmetic; failing to reset it must not keep the user logged in.
        console.warn('[logout] reset-notification failed', e);
      }
      try {
        // Revokes this browser's push subscription for the user: no pushes after logout.
        await api.call('deleteDeviceToken', { body: { token: deviceToken } });
      } catch (e) {
        console.warn('[logout] delete-device-token failed', e);
      }
    }
    await api.call('logout', { body: deviceToken ? { token: deviceToken } : {} });
  } catch (e) {
    if (!force) {
      console.warn('[logout] failed', e);
      navigateTo('/');
      return;
    }
  } finally {
    release();
  }
  const to = endSessionLocally();
  await setLanguage('ja');
  navigateTo(to, { replace: true });
}
