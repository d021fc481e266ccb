import { atom } from 'nanostores';

/**
 * Whether the page the tab opened on has had its chance to show its content. Start-up work that
 * page does not need — the realtime connection, the header's notice and chat counts, the theme
 * pictures — waits for it: on a phone the browser has a handful of connections and little
 * bandwidth, and each of those requests queued ahead of the page's own code and data delayed its
 * largest paint. Set once, never reset: later navigations start nothing new.
 */
export const $contentShown = atom(false);

/** The longest the deferred work waits, whatever happens to the page's loads (a hung remote). */
export const CONTENT_WAIT_MAX_MS = 4000;

let waiting = false;

const markShown = () => {
  if (!$contentShown.get()) $contentShown.set(true);
};

/**
 * Marks the content shown once `loads` (the page's start-up data and code) have settled and the
 * browser has been idle after rendering them — the idle callback comes after React's work and
 * the frame it paints — or after CONTENT_WAIT_MAX_MS. No loads: after the first idle moment.
 * The first call decides; later ones do nothing.
 */
export function waitForContent(loads: Promise<unknown>[], win: Window & typeof globalThis = window): void {
  if (waiting) return;
  waiting = true;
  // Whichever comes first; marking twice is harmless.
  win.setTimeout(markShown, CONTENT_WAIT_MAX_MS);
  void Promise.allSettled(loads).then(() => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(markShown, { timeout: 1000 });
    else win.setTimeout(markShown, 200);
  });
}

/** Runs `start` once the content is shown (at once if it already is). */
export function afterContent(start: () => void): void {
  if ($contentShown.get()) {
    start();
    return;
  }
  const off = $contentShown.listen((shown) => {
    if (!shown) return;
    off();
    start();
  });
}
