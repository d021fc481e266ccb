/**
 * Navigation from outside React (session end, error modals, logout). NavigationBridge, mounted
 * inside the router, registers the router's navigate; before it mounts (or without a router)
 * navigation falls back to a full page load. Tests may register a spy with setNavigator.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

const fallbackNavigate: Navigate = (to) => {
  globalThis.location?.assign(to);
};
const fallbackPathname = () => globalThis.location?.pathname ?? '/';

let navigateImpl: Navigate = fallbackNavigate;
let pathnameImpl: () => string = fallbackPathname;

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

/**
 * Hands the router to navigateTo/currentPathname. Render it once inside the router, next to the
 * routes. useNavigate's function changes with the location, so it is registered again each time;
 * a layout effect, so code reacting to the new page already navigates through the fresh one.
 */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    setNavigator(
      (to, opts) => void navigate(to, opts),
      () => pathname,
    );
    return () => setNavigator(fallbackNavigate, fallbackPathname);
  }, [navigate, pathname]);
  return null;
}
