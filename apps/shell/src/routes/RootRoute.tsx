import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, Spinner } from '@portal/ui';
import { reloadHome } from '../session/navigation';

/**
 * The root of every page; layouts and guards hang below it. The Suspense fallback covers a lazy
 * page or a namespace loading above any layout, so a deep link never renders blank; the
 * boundary catches render errors outside every remote area (remotes catch their own) and clears
 * when the user navigates elsewhere.
 */
export function RootRoute() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

interface BoundaryProps {
  resetKey: unknown;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  caught: boolean;
  key: unknown;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, caught: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, caught: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[route] failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.caught ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Last line of defence: offers a reload rather than a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-state-page">
      <ErrorFallback error={error} onRetry={() => globalThis.location.reload()} />
      <button type="button" className="shell-button" onClick={reloadHome}>
        {t('actions.back_to_home')}
      </button>
    </div>
  );
}
