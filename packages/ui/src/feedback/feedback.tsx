import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../controls/Button';

export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('ui');
  return (
    <span className={`pui-spinner pui-spinner--${size}`} role="status">
      <span className="pui-visually-hidden">{label ?? t('spinner.loading')}</span>
    </span>
  );
}

export interface EmptyStateProps {
  message?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ message, icon, action }: EmptyStateProps) {
  const { t } = useTranslation('ui');
  return (
    <div className="pui-empty">
      {icon && (
        <div className="pui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="pui-empty__message">{message ?? t('empty.no_data')}</p>
      {action}
    </div>
  );
}

/** The plain state for pages not built yet: the route exists and says so politely. */
export function NotAvailable({ title }: { title?: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <section className="pui-not-available" aria-labelledby="pui-not-available-title">
      {title && (
        <h1 id="pui-not-available-title" className="pui-page-title">
          {title}
        </h1>
      )}
      <p className="pui-not-available__message">{t('not_available.message')}</p>
    </section>
  );
}

export interface ErrorFallbackProps {
  error?: unknown;
  onRetry?: () => void;
}

/**
 * What an error boundary shows for its area (a remote route or widget), so one broken area
 * never blanks the page. The raw message stays folded away: useful to support, noise to users.
 */
export function ErrorFallback({ error, onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation('ui');
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <div className="pui-error-fallback" role="alert">
      <p className="pui-error-fallback__title">{t('error_fallback.title')}</p>
      <p className="pui-error-fallback__message">{t('error_fallback.message')}</p>
      {detail && (
        <details className="pui-error-fallback__details">
          <summary>{t('error_fallback.details')}</summary>
          <code>{detail}</code>
        </details>
      )}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('error_fallback.retry')}
        </Button>
      )}
    </div>
  );
}
