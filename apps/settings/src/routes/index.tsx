import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ChangePasswordPage } from './ChangePasswordPage';
import { Pending } from './Pending';
import { SETTING_PAGES, type SettingPath } from './pages';
import { SettingLanguagePage } from './SettingLanguagePage';
import { SettingOrderPage } from './SettingOrderPage';
import { SettingsLayout } from './SettingsLayout';

/** Pages built so far; the rest of SETTING_PAGES show NotAvailable under their own title. */
const BUILT: Partial<Record<SettingPath, React.ReactNode>> = {
  'change-password': <ChangePasswordPage />,
  'setting-language': <SettingLanguagePage />,
  'setting-order': <SettingOrderPage />,
};

const routes: RouteObject[] = [
  {
    element: <SettingsLayout />,
    children: [
      // Spec: /setting redirects to account-info.
      { index: true, element: <Navigate to="account-info" replace /> },
      ...SETTING_PAGES.map((p) => ({ path: p.path, element: BUILT[p.path] ?? <Pending titleKey={p.titleKey} /> })),
    ],
  },
  // Unknown setting paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /setting/* subtree, routed relative to where the shell mounts it. */
export default function SettingsRoutes() {
  return useRoutes(routes);
}
