import { loadNamespaces, type Namespace } from '@portal/i18n';
import type { RemoteName } from '@portal/api-client/core';
import { preloadRemoteModule, RemoteModule } from '../components/RemoteModule';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/**
 * The strings of the four widgets. Each widget suspends on its namespace only once its code has
 * arrived (remotes.json → mf-manifest → remoteEntry → the widget): asked for here, they load
 * alongside that chain instead of after it. A name that no widget uses any more costs one small
 * fetch and nothing else.
 */
const WIDGET_NAMESPACES: Namespace[] = ['notifications', 'calendar', 'groupMenu', 'commonTopic'];

/** The widgets home shows, top to bottom. */
export const HOME_WIDGETS = {
  news: ['notifications', 'NewsList'],
  calendar: ['calendar', 'WeekTable'],
  groups: ['groups', 'GroupList'],
  common: ['common-topic', 'CommonTopicLink'],
} as const satisfies Record<string, readonly [RemoteName, string]>;

/** bootstrap.tsx: a logged-in start on home loads the widgets without waiting for React. */
export function preloadHomeWidgets(): void {
  for (const [remote, module] of Object.values(HOME_WIDGETS)) preloadRemoteModule(remote, module);
  void loadNamespaces(WIDGET_NAMESPACES).catch(() => undefined);
}

/**
 * Home (/): composed only of remote widgets, each in its own box with its own loading state and
 * error boundary, so one remote being down leaves the other three working.
 */
export function HomePage() {
  // Idempotent: i18next skips loaded namespaces and joins a load under way.
  void loadNamespaces(WIDGET_NAMESPACES).catch(() => undefined);
  const title = usePageTitle(TITLE_KEYS.home);
  return (
    <div className="shell-home">
      {/* The page's one <h1> for screen readers; the widgets' own headings are <h2>. */}
      <h1 className="shell-visually-hidden">{title}</h1>
      <section className="shell-home__news">
        <RemoteModule remote={HOME_WIDGETS.news[0]} module={HOME_WIDGETS.news[1]} variant="widget" />
      </section>
      <section className="shell-home__calendar">
        <RemoteModule remote={HOME_WIDGETS.calendar[0]} module={HOME_WIDGETS.calendar[1]} variant="widget" />
      </section>
      <section className="shell-home__groups">
        <RemoteModule remote={HOME_WIDGETS.groups[0]} module={HOME_WIDGETS.groups[1]} variant="widget" />
      </section>
      <section className="shell-home__common">
        <RemoteModule remote={HOME_WIDGETS.common[0]} module={HOME_WIDGETS.common[1]} variant="widget" />
      </section>
    </div>
  );
}
