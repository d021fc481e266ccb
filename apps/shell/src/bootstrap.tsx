import './styles/shell.css';
import { $session, startSessionSync } from '@portal/api-client/session';
import { api, setSessionEndHandler } from '@portal/api-client/browser';
import { i18n, loadNamespaces, setLanguage } from '@portal/i18n';
import { modalBus } from '@portal/ui';
import { createQueryClient } from './errors/queryClient';
import { createRemoteRuntime, setRemoteRuntime } from './remotes/runtime';
import { federationHost } from './remotes/federation';
import { createHealthReporter } from './remotes/healthReport';
import { navigateTo } from './session/navigation';
import { endSessionLocally, logout } from './session/logout';
import { startIdleWatch } from './session/idle';
import { readGuestLanguage } from './components/LanguageSwitch';
import { $displayMode, applyDisplayMode } from './stores/display';
import { startRealtime } from './realtime';
import { startPushSync } from './session/push-start';
import { preloadHomeWidgets } from './pages/HomePage';
import { preloadLoginPage } from './pages/loginPreload';
import { PAGE_DATA_PATHS, PAGE_NAMESPACES, pageRemote } from './routes/pageDataPaths';
import { prefetchHomeData, startSettings } from './routes/homeData';
import { preloadRemoteModule } from './components/RemoteModule';
import { afterContent, waitForContent } from './stores/content';
import { awaitShare, SESSION_SHARE_WAIT_MS } from './session/shareWait';
import { hasPrerenderedFields, watchPrerenderedFields } from './pages/prerendered';
// Provides the contract's schema entries to the remotes (lazy chunks, loaded on a form's demand).
import './remotes/schemaEntries';

// remotes.json is fetched first so it runs in parallel with React's start-up. The health
// reporter tells the API how each remote build fares here (canary verdicts, remotes/healthReport.ts).
const remoteHealth = createHealthReporter({ token: () => $session.get().accessToken });
setRemoteRuntime(createRemoteRuntime({ host: federationHost(), health: remoteHealth }));
remoteHealth.start();
startSessionSync();
// Without a session, another tab's answer usually comes during the first render: the route
// guard waits for it in place (session/shareWait.ts).
awaitShare($session);
applyDisplayMode($displayMode.get());

// <html lang> and the strings must be right from the first paint (screen readers, CJK font
// choice), so the first render waits for the start language; a logged-in user's stored language
// replaces it once the settings load.
const guestLanguage = readGuestLanguage();
const languageReady = setLanguage(!$session.get().accessToken && guestLanguage ? guestLanguage : i18n.language === 'en' ? 'en' : 'ja');

const queryClient = createQueryClient({ modal: modalBus, t: (key) => i18n.t(key) });
// Section 8: a session that cannot be recovered (refresh failed, token invalid) ends here.
setSessionEndHandler(() => {
  const to = endSessionLocally();
  queryClient.clear();
  navigateTo(to, { replace: true });
});

startIdleWatch(() => void logout({ api, setLanguage, force: true }));
// The realtime connection starts now: events sent while the page loads its data must reach it.
// A push subscription's sync (only with permission granted) waits until the page has shown its
// content (stores/content.ts): on a phone its requests queued ahead of the page's own.
startRealtime(queryClient);
startPushSync(api, afterContent);

/**
 * Runs `start` as soon as this tab has a session: at once after a reload (sessionStorage), or
 * when another tab shares its session with a new tab (startSessionSync asked above; the answer
 * is a storage event a moment later, usually during the first render). Not after the wait the
 * waiting page gives that answer: a login made later starts from its own page.
 */
function onceSignedIn(start: () => void): void {
  if ($session.get().accessToken) {
    start();
    return;
  }
  const off = $session.listen(({ accessToken }) => {
    if (!accessToken) return;
    off();
    start();
  });
  setTimeout(off, SESSION_SHARE_WAIT_MS);
}

// The main pages (home, a group feed, the month, the chat list, the unread list): their start-up
// calls go out now, alongside their remote's code, not after it (routes/pageData.ts); the code
// is asked for too (home's widgets, the page's route module), so it loads while React renders
// the layout instead of after it. The page's content is shown once both are in.
const startPath = { pathname: location.pathname, search: location.search };
if (PAGE_DATA_PATHS.test(startPath.pathname)) {
  onceSignedIn(() => {
    // The settings first: the lists' page size and order and the week's first day wait for them.
    void startSettings(queryClient);
    const remote = pageRemote(startPath.pathname);
    const code =
      startPath.pathname === '/'
        ? preloadHomeWidgets()
        : remote
          ? [preloadRemoteModule(remote, 'routes'), loadNamespaces(PAGE_NAMESPACES[remote] ?? []).catch(() => undefined)]
          : [];
    const data =
      startPath.pathname === '/'
        ? prefetchHomeData(queryClient)
        : import('./routes/pageData').then((m) => m.prefetchPageData(startPath, queryClient)).catch(() => undefined);
    waitForContent([...code, data]);
  });
}
const loginPage = preloadLoginPage(location.pathname, Boolean($session.get().accessToken));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
watchPrerenderedFields(container);
// The route tree (App, layouts, pages) and react-dom are evaluated in a task after this one:
// the modules above and the start-up calls are already one task of ~20-40 ms on a slow phone,
// and each task Lighthouse sees over 50 ms counts against total blocking time.
// `eager`: the modules stay in this chunk, so no request is added, only the task boundary.
const render = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { renderApp } = await import(/* webpackMode: "eager" */ './render');
  renderApp(container, queryClient);
  // Any other start (a page without start-up data, or no session once the share wait is over):
  // the content counts as shown at the first idle moment after this render.
  setTimeout(() => waitForContent([]), PAGE_DATA_PATHS.test(startPath.pathname) ? SESSION_SHARE_WAIT_MS : 0);
};
// Japanese is bundled (resolves at once); English waits for its strings, or, if they cannot be
// fetched, renders with the Japanese fallback rather than not at all.
// A prerendered login form stays until its code and strings are here: rendering earlier would
// replace the form the visitor sees with a loading spinner.
const ready = hasPrerenderedFields() ? Promise.all([languageReady, loginPage]) : languageReady;
void ready.then(render, render);
