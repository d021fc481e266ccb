import { LIMITS } from '@portal/api-client';

/** Where a locked-out user is sent to unlock the account (spec: "account locked … with reset link"). */
export const RESET_LINK = '/forgot-password';

export function isLocked(user: { locked_at: number | null }): boolean {
  return user.locked_at !== null;
}

/** The 10th consecutive failure locks the account (section 4). */
export function lockoutReached(failedCount: number): boolean {
  return failedCount >= LIMITS.lockoutFailures;
}

/** Only active users may log in, refresh, reset or receive reset mail. */
export function canAuthenticate(user: { status: string }): boolean {
  return user.status === 'active';
}
