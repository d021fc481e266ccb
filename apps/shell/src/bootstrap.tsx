import './styles/shell.css';
import { $session, startSessionSync } from '@portal/api-client/session';
import { api, setSessionEndHandler } from '@portal/api-client/browser';
import { i18n, setLanguage } from '@portal/i18n';
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
import { PAGE_DATA_PATHS } from './routes/pageDataPaths';
import { hasPrerenderedFields, watchPrerenderedFields } from './pages/prerendered';
// Provides the contract's schema entries to the remotes (lazy chunks, loaded on a form's demand).
import './remotes/schemaEntries';

// remotes.json is fetched first so it runs in parallel with React's start-up. The health
// reporter tells the API how each remote build fares here (canary verdicts, remotes/healthReport.ts).
const remoteHealth = createHealthReporter({ token: () => $session.get().accessToken });
setRemoteRuntime(createRemoteRuntime({ host: federationHost(), health: remoteHealth }));
remoteHealth.start();
startSessionSync();
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
startRealtime(queryClient);
startPushSync(api);

// A start on home with a session (a reload) asks for the widgets now: their remotes load while
// React renders the layout instead of after it. Otherwise home's first render asks for them.
if (location.pathname === '/' && $session.get().accessToken) preloadHomeWidgets();
// The other main pages (a group feed, the month, the chat list, the unread list): their
// start-up calls go out now, alongside their remote's code, not after it (routes/pageData.ts).
if ($session.get().accessToken && PAGE_DATA_PATHS.test(location.pathname)) {
  void import('./routes/pageData').then((m) => m.prefetchPageData(location, queryClient)).catch(() => undefined);
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
};
// Japanese is bundled (resolves at once); English waits for its strings, or, if they cannot be
// fetched, renders with the Japanese fallback rather than not at all.
// A prerendered login form stays until its code and strings are here: rendering earlier would
// replace the form the visitor sees with a loading spinner.
const ready = hasPrerenderedFields() ? Promise.all([languageReady, loginPage]) : languageReady;
void ready.then(render, render);
