import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { $session, startSessionSync } from '@portal/api-client/session';
import { api, setSessionEndHandler } from '@portal/api-client/browser';
import { i18n, setLanguage } from '@portal/i18n';
import { modalBus } from '@portal/ui';
import { App } from './App';
import { routes } from './routes/routes';
import { createQueryClient } from './errors/queryClient';
import { createRemoteRuntime, setRemoteRuntime } from './remotes/runtime';
import { federationHost } from './remotes/federation';
import { setNavigator } from './session/navigation';
import { endSessionLocally, logout } from './session/logout';
import { startIdleWatch } from './session/idle';
import { readGuestLanguage } from './components/LanguageSwitch';
import { $displayMode, applyDisplayMode } from './stores/display';
import { startRealtime } from './realtime';

// remotes.json is fetched first so it runs in parallel with React's start-up.
setRemoteRuntime(createRemoteRuntime({ host: federationHost() }));
startSessionSync();
applyDisplayMode($displayMode.get());

// <html lang> must be right from the first paint (screen readers, CJK font choice); a logged-in
// user's stored language replaces it once the settings load.
const guestLanguage = readGuestLanguage();
void setLanguage(!$session.get().accessToken && guestLanguage ? guestLanguage : i18n.language === 'en' ? 'en' : 'ja');

const queryClient = createQueryClient({ modal: modalBus, t: (key) => i18n.t(key) });
const router = createBrowserRouter(routes);
setNavigator(
  (to, opts) => void router.navigate(to, opts),
  () => router.state.location.pathname,
);

// Section 8: a session that cannot be recovered (refresh failed, token invalid) ends here.
setSessionEndHandler(() => {
  const to = endSessionLocally();
  queryClient.clear();
  void router.navigate(to, { replace: true });
});

startIdleWatch(() => void logout({ api, setLanguage, force: true }));
startRealtime(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
