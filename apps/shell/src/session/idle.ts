import { $session, isIdleExpired, touchActivity } from '@portal/api-client/session';

/**
 * Idle logout after 86400 s without input (section 4). Activity is recorded on user input
 * (touchActivity throttles the writes); expiry is checked when the tab regains focus, since
 * timers sleep in background tabs, and once a minute while it is open.
 */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
const CHECK_EVERY_MS = 60_000;

export function startIdleWatch(onIdle: () => void, win: Window = window, now: () => number = Date.now): () => void {
  const onInput = () => touchActivity(now());
  const check = () => {
    if (isIdleExpired($session.get(), now())) onIdle();
  };
  for (const ev of INPUT_EVENTS) win.addEventListener(ev, onInput, { passive: true });
  win.addEventListener('focus', check);
  const onVisible = () => {
    if (win.document.visibilityState === 'visible') check();
  };
  win.document.addEventListener('visibilitychange', onVisible);
  const timer = win.setInterval(check, CHECK_EVERY_MS);
  check();
  return () => {
    for (const ev of INPUT_EVENTS) win.removeEventListener(ev, onInput);
    win.removeEventListener('focus', check);
    win.document.removeEventListener('visibilitychange', onVisible);
    win.clearInterval(timer);
  };
}
