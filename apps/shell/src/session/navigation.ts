/**
 * Navigation from outside React (session end, error modals, logout). The router registers
 * itself at boot; tests register a spy.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  globalThis.location?.assign(to);
};
let pathnameImpl: () => string = () => globalThis.location?.pathname ?? '/';

export function setNavigator(navigate: Navigate, pathname: () => string): void {
  navigateImpl = navigate;
  pathnameImpl = pathname;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

export function currentPathname(): string {
  return pathnameImpl();
}

/** "Back to home" after an unknown failure reloads, so a broken in-memory state is dropped. */
export function reloadHome(): void {
  globalThis.location?.assign('/');
}
