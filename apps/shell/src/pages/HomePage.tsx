import { HOME_WIDGET_NAMESPACES, loadNamespaces } from '@portal/i18n';
import type { RemoteName } from '@portal/api-client/core';
import { preloadRemoteModule, RemoteModule } from '../components/RemoteModule';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/** The widgets home shows (repeated as literals below, where gzip makes them nearly free). */
export const HOME_WIDGETS: [RemoteName, string][] = [
  ['notifications', 'NewsList'],
  ['calendar', 'WeekTable'],
  ['groups', 'GroupList'],
  ['common-topic', 'CommonTopicLink'],
];

let preloaded: Promise<unknown>[] | null = null;

/**
 * The widgets' code and strings, all at once (bootstrap.tsx: before React renders home). Once
 * per page load: home calls it on every render, and asking i18next again is not free (a failed
 * widget retries through its own area, RemoteModule). Returns the loads (they never reject).
 */
export function preloadHomeWidgets(): Promise<unknown>[] {
  if (preloaded) return preloaded;
  preloaded = HOME_WIDGETS.map(([remote, module]) => preloadRemoteModule(remote, module));
  // Each widget suspends on its strings only once its code has arrived (remotes.json →
  // mf-manifest → remoteEntry → the widget): asked for here, they load alongside that chain.
  preloaded.push(loadNamespaces(HOME_WIDGET_NAMESPACES).catch(() => undefined));
  return preloaded;
}

/**
 * Home (/): composed only of remote widgets, each in its own box with its own loading state and
 * error boundary, so one remote being down leaves the other three working.
 */
export function HomePage() {
  // Idempotent (a started load is reused): after a login, home's first render starts them.
  preloadHomeWidgets();
  const title = usePageTitle(TITLE_KEYS.home);
  return (
    <div className="shell-home">
      {/* The page's one <h1> for screen readers; the widgets' own headings are <h2>. */}
      <h1 className="shell-visually-hidden">{title}</h1>
      <section className="shell-home__news">
        <RemoteModule remote="notifications" module="NewsList" variant="widget" />
      </section>
      <section className="shell-home__calendar">
        <RemoteModule remote="calendar" module="WeekTable" variant="widget" />
      </section>
      <section className="shell-home__groups">
        <RemoteModule remote="groups" module="GroupList" variant="widget" />
      </section>
      <section className="shell-home__common">
        <RemoteModule remote="common-topic" module="CommonTopicLink" variant="widget" />
      </section>
    </div>
  );
}
