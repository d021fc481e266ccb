import type { RouteObject } from 'react-router';
import { useStore } from '@nanostores/react';
import { $session } from '@portal/api-client/session';
import { Spinner } from '@portal/ui';
import { RemoteModule } from '../components/RemoteModule';
import { FullLayout } from '../layouts/FullLayout';
import { CompactLayout } from '../layouts/CompactLayout';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { WaitingPage } from '../pages/WaitingPage';
import {
  EmployeeWithoutGroupPage,
  GroupNotFoundPage,
  HelpCenterDetailPage,
  PlaceholderPage,
  TokenExpiredPage,
  WithdrawPage,
} from '../pages/InfoPages';
import { GuestOnly, RequireAuth } from './guards';
import { RootRoute, RouteError } from './RootRoute';
import { TITLE_KEYS } from './titles';

/** Catch-all: the not-found page in whichever layout the visitor would see. */
function NotFoundRoute() {
  const token = useStore($session).accessToken;
  const Layout = token ? FullLayout : CompactLayout;
  return (
    <Layout>
      <NotFoundPage />
    </Layout>
  );
}

const remote = (path: string, name: Parameters<typeof RemoteModule>[0]['remote'], module = 'routes'): RouteObject => ({
  path,
  element: <RemoteModule remote={name} module={module} />,
});

/**
 * Spec section 2. Public pages sit under the compact layout; every auth-only page sits under one
 * pathless RequireAuth parent with the full layout. Remotes are mounted on splat routes and
 * route their own subtree (`/setting` → account-info and similar redirects are theirs).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    hydrateFallbackElement: <Spinner />,
    errorElement: <RouteError />,
    children: [
      {
        element: <CompactLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).EmployeeLoginPage }) },
              { path: 'email/login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).EmailLoginPage }) },
            ],
          },
          { path: 'forgot-password', lazy: async () => ({ Component: (await import('../pages/ForgotPasswordPage')).ForgotPasswordPage }) },
          {
            path: 'employee-forgot-password',
            lazy: async () => ({ Component: (await import('../pages/ForgotPasswordPage')).EmployeeForgotPasswordPage }),
          },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('../pages/ResetPasswordPage')).ResetPasswordPage }) },
          { path: 'terms', lazy: async () => ({ Component: (await import('../pages/PolicyPage')).TermsPage }) },
          { path: 'policy', lazy: async () => ({ Component: (await import('../pages/PolicyPage')).PrivacyPage }) },
          { path: 'line-login', element: <PlaceholderPage titleKey={TITLE_KEYS.lineLogin} /> },
          { path: 'token-expired', element: <TokenExpiredPage /> },
          { path: 'verify', element: <PlaceholderPage titleKey={TITLE_KEYS.verify} /> },
          { path: 'waiting', element: <WaitingPage /> },
          // Public pages of the groups remote: an invitation's preview and new-user registration.
          { path: 'group/:groupLink/preview', element: <RemoteModule remote="groups" module="GroupPreview" /> },
          { path: 'register', element: <RemoteModule remote="groups" module="Register" /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <FullLayout />,
            children: [
              { index: true, element: <HomePage /> },
              remote('todo', 'notifications', 'todo'),
              remote('notification/*', 'notifications'),
              remote('group/*', 'groups'),
              remote('common-topic/*', 'common-topic'),
              remote('chat/*', 'chat'),
              remote('calendar/*', 'calendar'),
              remote('setting/*', 'settings'),
              { path: 'search-result', element: <PlaceholderPage titleKey={TITLE_KEYS.searchResult} /> },
              { path: 'help-center', element: <PlaceholderPage titleKey={TITLE_KEYS.helpCenter} /> },
              { path: 'help-center/:helpCenterId', element: <HelpCenterDetailPage /> },
              { path: 'employee-without-group', element: <EmployeeWithoutGroupPage /> },
              { path: 'group-not-found', element: <GroupNotFoundPage /> },
              { path: 'withdraw', element: <WithdrawPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
