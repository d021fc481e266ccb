/**
 * The main pages whose start-up data the shell fetches itself (pageData.ts): home, a group's
 * pages, the calendar month, the chat list, the unread list. Apart from pageData.ts so the start-up
 * chunk carries only this pattern, not the query definitions.
 */
import type { RemoteName } from '@portal/api-client/core';
import type { Namespace } from '@portal/i18n';

export const PAGE_DATA_PATHS = /^\/(?:$|group\/[1-9]\d*(?:\/|$)|calendar\/month\/?$|chat(?:\/list)?\/?$|notification(?:\/unread)?\/?$)/;

/**
 * The remote whose route module renders a main page at `pathname` (the shell's routes), asked for
 * with the page's data; null for home (its widgets are preloaded instead) and for a group's
 * member registration, which the settings remote renders.
 */
export function pageRemote(pathname: string): RemoteName | null {
  if (pathname.startsWith('/group/')) return /\/members\/register\/?$/.test(pathname) ? null : 'groups';
  if (pathname.startsWith('/calendar/')) return 'calendar';
  if (pathname.startsWith('/chat')) return 'chat';
  if (pathname.startsWith('/notification')) return 'notifications';
  return null;
}

/**
 * The strings a main page's route module suspends on before it can render (its landing page: the
 * feed, the month, the chat list, the unread list), asked for with its code rather than after it
 * has arrived and rendered. Only what those pages read: an extra namespace here would be loaded
 * for nothing.
 */
export const PAGE_NAMESPACES: Partial<Record<RemoteName, readonly Namespace[]>> = {
  groups: ['groups', 'topics'],
  calendar: ['calendar'],
  chat: ['chat'],
  notifications: ['notifications', 'notificationPages'],
};

/** The remotes of home's widgets (pages/HomePage.tsx renders them). */
export const HOME_WIDGET_REMOTES: readonly RemoteName[] = ['notifications', 'calendar', 'groups', 'common-topic'];

/** The remotes a main page at `pathname` renders at start: home's widgets', or the page's own. */
export function startRemotes(pathname: string): readonly RemoteName[] {
  if (pathname === '/') return HOME_WIDGET_REMOTES;
  const remote = PAGE_DATA_PATHS.test(pathname) ? pageRemote(pathname) : null;
  return remote ? [remote] : [];
}
