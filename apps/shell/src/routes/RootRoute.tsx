import { Outlet, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorFallback } from '@portal/ui';
import { reloadHome } from '../session/navigation';

/** The root of every page; layouts and guards hang below it. */
export function RootRoute() {
  return <Outlet />;
}

/**
 * Last line of defence for a render error outside any remote boundary (remote areas catch their
 * own). Offers a reload rather than a blank page.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  console.error('[route] failed', error);
  return (
    <div className="shell-state-page">
      <ErrorFallback error={error} onRetry={() => globalThis.location.reload()} />
      <button type="button" className="shell-button" onClick={reloadHome}>
        {t('actions.back_to_home')}
      </button>
    </div>
  );
}
