import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '@portal/ui/kit';
import { AccountInfoPage } from './AccountInfoPage';
import { SETTING_PAGES, type SettingPath } from './pages';
import { SettingsLayout } from './SettingsLayout';

// Account info is where the menu lands; each other page, and the company administration with
// its importers and editors, loads when opened.
const ChangeInfoPage = lazyPage(
  () => import('./change-info/ChangeInfoPage'),
  (m) => m.ChangeInfoPage,
);
const ChangeEmailPage = lazyPage(
  () => import('./ChangeEmailPage'),
  (m) => m.ChangeEmailPage,
);
const ChangePasswordPage = lazyPage(
  () => import('./ChangePasswordPage'),
  (m) => m.ChangePasswordPage,
);
const SettingDisplayPage = lazyPage(
  () => import('./SettingDisplayPage'),
  (m) => m.SettingDisplayPage,
);
const SettingLanguagePage = lazyPage(
  () => import('./SettingLanguagePage'),
  (m) => m.SettingLanguagePage,
);
const SettingNotifyNewsPage = lazyPage(
  () => import('./SettingNotifyNewsPage'),
  (m) => m.SettingNotifyNewsPage,
);
const SettingOrderPage = lazyPage(
  () => import('./SettingOrderPage'),
  (m) => m.SettingOrderPage,
);
const SettingThemePage = lazyPage(
  () => import('./SettingThemePage'),
  (m) => m.SettingThemePage,
);
const AdminArea = lazyPage(
  () => import('./admin/AdminArea'),
  (m) => m.AdminArea,
);

/** Every page of the side menu (a full Record: a page added to SETTING_PAGES must be built here). */
const PAGES: Record<SettingPath, React.ReactNode> = {
  'account-info': <AccountInfoPage />,
  'change-email': <ChangeEmailPage />,
  'change-password': <ChangePasswordPage />,
  'change-info': <ChangeInfoPage />,
  'setting-display': <SettingDisplayPage />,
  'setting-language': <SettingLanguagePage />,
  'setting-order': <SettingOrderPage />,
  'setting-theme': <SettingThemePage />,
  'setting-notify-news': <SettingNotifyNewsPage />,
};

const routes: RouteObject[] = [
  {
    element: <SettingsLayout />,
    children: [
      // Spec: /setting redirects to account-info.
      { index: true, element: <Navigate to="account-info" replace /> },
      ...SETTING_PAGES.map((p) => ({ path: p.path, element: PAGES[p.path] })),
    ],
  },
  // Company administration: its own wide layout, not the settings side menu.
  { path: 'admin/*', element: <AdminArea /> },
  // Unknown setting paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /setting/* subtree, routed relative to where the shell mounts it. */
export default function SettingsRoutes() {
  return useRoutes(routes);
}
