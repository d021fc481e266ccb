import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { NotAvailable, Spinner, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { useIsCompanyAdmin } from '../../api/admin';
import { AuditPage } from './AuditPage';
import { CapacityPage } from './CapacityPage';
import { EmployeeDetailPage } from './EmployeeDetailPage';
import { EmployeesPage } from './EmployeesPage';
import { ImportPage } from './ImportPage';
import { RemotesPage } from './RemotesPage';
import { ReleaseLine } from './ReleaseLine';
import './admin.css';

export const ADMIN_BASE = '/setting/admin';
const TABS = ['employees', 'import', 'capacity', 'audit', 'remotes'] as const;

/** Tabs over the administration pages; only company administrators get past the gate. */
function AdminLayout() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('admin.title'));
  const isAdmin = useIsCompanyAdmin();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((id) => pathname.startsWith(`${ADMIN_BASE}/${id}`)) ?? 'employees';
  if (isAdmin === undefined) return <Spinner />;
  // The API refuses every call anyway (403); this only spares the visitor a broken page.
  if (!isAdmin) return <NotAvailable title={t('admin.not_admin')} />;
  return (
    <section className="padm" aria-labelledby="padm-title">
      <h1 id="padm-title" className="pui-page-title">
        {t('admin.title')}
      </h1>
      <Tabs
        label={t('admin.tabs.label')}
        items={TABS.map((id) => ({ id, label: t(`admin.tabs.${id}`) }))}
        value={current}
        onChange={(id) => void navigate(`${ADMIN_BASE}/${id}`)}
      />
      <div className="padm__body">
        <Outlet />
      </div>
      <ReleaseLine />
    </section>
  );
}

const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <Navigate to="employees" replace /> },
      { path: 'employees', element: <EmployeesPage /> },
      { path: 'employees/:userId', element: <EmployeeDetailPage /> },
      { path: 'import', element: <ImportPage /> },
      { path: 'capacity', element: <CapacityPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'remotes', element: <RemotesPage /> },
      { path: '*', element: <Navigate to="/page-not-found" replace /> },
    ],
  },
];

/** /setting/admin/*: the company administration area (a route area of settings). */
export function AdminArea() {
  return useRoutes(routes);
}
