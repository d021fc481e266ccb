import { atom } from 'nanostores';

/**
 * How long a new tab waits for another tab to share its session (startSessionSync answers
 * through a storage event, which arrives asynchronously): the waiting page then sends the user to
 * login, and the start-up prefetch (bootstrap) stops listening for it. Apart from the waiting page
 * so the start-up chunk does not carry that page.
 */
export const SESSION_SHARE_WAIT_MS = 600;

/**
 * True while a tab that started without a session waits for another tab's answer (bootstrap sets
 * it; a token or the end of the wait clears it). The route guard shows its spinner in place
 * meanwhile instead of leaving for the waiting page: that page's chunk and the navigations there
 * and back were on the critical path of a page opened in a new tab, whose session usually
 * arrives during the first render. Once it is false, the waiting page need not wait again.
 */
export const $awaitingShare = atom(false);

let waitedOut = false;
/** Whether this tab already waited the whole SESSION_SHARE_WAIT_MS in vain (the waiting page then goes straight on). */
export const shareWaitedOut = (): boolean => waitedOut;

/** Starts the wait (bootstrap, after asking the other tabs): ends on the first token or after SESSION_SHARE_WAIT_MS. */
export function awaitShare(session: {
  get(): { accessToken: string | null };
  listen(cb: (s: { accessToken: string | null }) => void): () => void;
}): void {
  if (session.get().accessToken) return;
  $awaitingShare.set(true);
  const off = session.listen(({ accessToken }) => {
    if (accessToken) end();
  });
  const timer = setTimeout(() => {
    waitedOut = true;
    end();
  }, SESSION_SHARE_WAIT_MS);
  function end() {
    off();
    clearTimeout(timer);
    $awaitingShare.set(false);
  }
}
