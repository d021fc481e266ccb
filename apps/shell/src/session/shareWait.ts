/**
 * How long a new tab waits for another tab to share its session (startSessionSync answers
 * through a storage event, which arrives asynchronously): the waiting page then sends the user to
 * login, and the start-up prefetch (bootstrap) stops listening for it. Apart from the waiting page
 * so the start-up chunk does not carry that page.
 */
export const SESSION_SHARE_WAIT_MS = 600;
