import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AccountInfoPage } from './AccountInfoPage';
import { ChangeInfoPage } from './change-info/ChangeInfoPage';
import { ChangeEmailPage } from './ChangeEmailPage';
import { ChangePasswordPage } from './ChangePasswordPage';
import { SETTING_PAGES, type SettingPath } from './pages';
import { SettingDisplayPage } from './SettingDisplayPage';
import { SettingLanguagePage } from './SettingLanguagePage';
import { SettingNotifyNewsPage } from './SettingNotifyNewsPage';
import { SettingOrderPage } from './SettingOrderPage';
import { SettingThemePage } from './SettingThemePage';
import { SettingsLayout } from './SettingsLayout';
import { AdminArea } from './admin/AdminArea';

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
