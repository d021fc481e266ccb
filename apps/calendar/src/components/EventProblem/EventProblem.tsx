import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';

/**
 * Why an event cannot be shown or changed: it does not exist for this user (404, the spec's
 * "calendar does not exist"), the permission-denied message of the action, or a load failure.
 */
export function EventProblem({ title, error, denied }: { title: string; error?: unknown; denied?: 'update' | 'delete' | 'access' }) {
  const { t } = useTranslation(['calendarPages', 'calendar'], { nsMode: 'fallback' });
  const { t: tErr } = useTranslation('errors');
  const message = denied
    ? t(`denied.${denied}`)
    : error instanceof ApiError && error.status === 404
      ? translateError(tErr, 'CALENDAR_NOT_FOUND')
      : error instanceof ApiError && error.status === 403
        ? t('denied.access')
        : t('load_failed');
  return (
    <section aria-labelledby="pcal-problem-title">
      <h1 id="pcal-problem-title" className="pui-page-title">
        {title}
      </h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/calendar/list">{t('preview.back')}</Link>
      </p>
    </section>
  );
}
