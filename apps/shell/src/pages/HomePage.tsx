import { RemoteModule } from '../components/RemoteModule';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/**
 * Home (/): composed only of remote widgets, each in its own box with its own loading state and
 * error boundary, so one remote being down leaves the other three working.
 */
export function HomePage() {
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
