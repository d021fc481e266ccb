/**
 * Whether this browser can take Web Push at all. Its own file because both the always-loaded
 * start-up (push-start.ts) and the lazily loaded subscription code (push.ts) ask it.
 */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}
