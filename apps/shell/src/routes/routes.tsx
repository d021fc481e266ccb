import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { useSessionToken } from '../session/useSessionToken';
import { loadNamespaces } from '@portal/i18n';
import { RemoteModule } from '../components/RemoteModule';
import { FullLayout } from '../layouts/FullLayout';
import { CompactLayout } from '../layouts/CompactLayout';
import { HomePage } from '../pages/HomePage';
import { LOGIN_PAGE_NAMESPACES } from '../pages/loginPreload';
import { GuestOnly, RequireAuth } from './guards';
import { RootRoute } from './RootRoute';

/** Catch-all: the not-found page in whichever layout the visitor would see. */
function NotFoundRoute() {
  const token = useSessionToken();
  const Layout = token ? FullLayout : CompactLayout;
  return (
    <Layout>
      <NotFoundPage />
    </Layout>
  );
}

/**
 * A page loaded on first visit (the login-type pages are not on the logged-in user's path). Its
 * strings are fetched alongside its code rather than after it renders and suspends.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  return lazy(async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(LOGIN_PAGE_NAMESPACES)]);
    return { default: pick(mod) };
  });
}

const EmployeeLoginPage = page(
  () => import('../pages/LoginPage'),
  (m) => m.EmployeeLoginPage,
);
const EmailLoginPage = page(
  () => import('../pages/LoginPage'),
  (m) => m.EmailLoginPage,
);
const ForgotPasswordPage = page(
  () => import('../pages/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const EmployeeForgotPasswordPage = page(
  () => import('../pages/ForgotPasswordPage'),
  (m) => m.EmployeeForgotPasswordPage,
);
const ResetPasswordPage = page(
  () => import('../pages/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const TermsPage = page(
  () => import('../pages/PolicyPage'),
  (m) => m.TermsPage,
);
const PrivacyPage = page(
  () => import('../pages/PolicyPage'),
  (m) => m.PrivacyPage,
);
const SetupPage = page(
  () => import('../pages/SetupPage'),
  (m) => m.SetupPage,
);
const LineLoginPage = page(
  () => import('../pages/LineLoginPage'),
  (m) => m.LineLoginPage,
);
const TokenExpiredPage = page(
  () => import('../pages/InfoPages'),
  (m) => m.TokenExpiredPage,
);
// Dead-end notices (no group, awaiting approval, group gone): rare, so not in the start-up code.
const infoPage = (pick: (m: typeof import('../pages/InfoPages')) => ComponentType) =>
  lazy(async () => ({ default: pick(await import('../pages/InfoPages')) }));
const EmployeeWithoutGroupPage = infoPage((m) => m.EmployeeWithoutGroupPage);
// Not on home's path either: a mistyped URL, and the session hand-over page of a new tab.
const NotFoundPage = lazy(async () => ({ default: (await import('../pages/NotFoundPage')).NotFoundPage }));
const WaitingPage = lazy(async () => ({ default: (await import('../pages/WaitingPage')).WaitingPage }));
const ApprovalWaitingPage = infoPage((m) => m.ApprovalWaitingPage);
const GroupNotFoundPage = infoPage((m) => m.GroupNotFoundPage);
// Search lives in the shell (its modal is in the header); the result page loads on first visit.
const SearchResultPage = lazy(async () => {
  const [mod] = await Promise.all([import('../search/SearchResultPage'), loadNamespaces(['search'])]);
  return { default: mod.SearchResultPage };
});

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
    // Loading fallback and error boundary for everything below (see RootRoute).
    element: <RootRoute />,
    children: [
      {
        element: <CompactLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <EmployeeLoginPage /> },
              { path: 'email/login', element: <EmailLoginPage /> },
            ],
          },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'employee-forgot-password', element: <EmployeeForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'setup', element: <SetupPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'policy', element: <PrivacyPage /> },
          { path: 'line-login', element: <LineLoginPage /> },
          { path: 'token-expired', element: <TokenExpiredPage /> },
          { path: 'verify', element: <RemoteModule remote="settings" module="Verify" /> },
          { path: 'waiting', element: <WaitingPage /> },
          { path: 'approval-waiting', element: <ApprovalWaitingPage /> },
          // Compact and open to a visitor without a session: the login of an employee in no group
          // is refused (no token), and one who lost their last group must see nothing else.
          { path: 'employee-without-group', element: <EmployeeWithoutGroupPage /> },
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
              // More specific than group/*, so this page of the settings remote wins for its path.
              { path: 'group/:groupId/members/register', element: <RemoteModule remote="settings" module="MemberRegister" /> },
              remote('group/*', 'groups'),
              remote('common-topic/*', 'common-topic'),
              remote('chat/*', 'chat'),
              // Spec section 2: /calendar is the list. Redirected here, before the remote loads: a
              // redirect inside the remote ran when its module arrived and could override a click
              // made meanwhile (the header's Chat link, lost back to /calendar/list).
              { path: 'calendar', element: <Navigate to="/calendar/list" replace /> },
              remote('calendar/*', 'calendar'),
              remote('setting/*', 'settings'),
              { path: 'search-result', element: <SearchResultPage /> },
              { path: 'help-center', element: <RemoteModule remote="settings" module="HelpCenter" /> },
              { path: 'help-center/:helpCenterId', element: <RemoteModule remote="settings" module="HelpCenterDetail" /> },
              { path: 'group-not-found', element: <GroupNotFoundPage /> },
              { path: 'withdraw', element: <RemoteModule remote="settings" module="Withdraw" /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The shell's route tree, rendered inside whichever router the caller provides. */
export function AppRoutes() {
  return useRoutes(routes);
}
