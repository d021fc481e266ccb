import { LAST_GOOD_KEY } from '../remotes/manifest';

/**
 * Browser storage keys the shell owns. `DEVICE_TOKEN_KEY` is where the push-notification code
 * keeps this browser's device token; logout reads it to reset the server-side counter.
 */
export const DEVICE_TOKEN_KEY = 'portal.deviceToken';
/** Language chosen on the login pages before there is a user setting to store it in. */
export const GUEST_LANGUAGE_KEY = 'portal.guestLanguage';

/** Keys that survive logout: the remotes fallback is not user data and keeps the portal up. */
const KEEP_ON_LOGOUT = [LAST_GOOD_KEY];

export function readDeviceToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(DEVICE_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** Section 4/8: logout and session end clear both storages. */
export function clearBrowserStorage(): void {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Disabled storage has nothing to clear.
  }
  try {
    const ls = globalThis.localStorage;
    if (!ls) return;
    const kept = KEEP_ON_LOGOUT.map((k) => [k, ls.getItem(k)] as const);
    ls.clear();
    for (const [k, v] of kept) if (v !== null) ls.setItem(k, v);
  } catch {
    // As above.
  }
}
