import { atom } from 'nanostores';

/**
 * True while the login sequence runs. The token is stored at its first step, and the guest-only
 * guard must not send the user home at that moment: the sequence itself navigates once it has
 * checked the group membership and applied the settings, to the page the user first asked for.
 */
export const $loginInProgress = atom(false);
