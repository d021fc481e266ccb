import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '@portal/ui';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';
import { useLogout } from '../session/useLogout';
import { useSessionToken } from '../session/useSessionToken';

/** Pages not built yet: a plain "not available yet", never fake content. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const title = usePageTitle(titleKey);
  return <NotAvailable title={title} />;
}

export function TokenExpiredPage() {
  const title = usePageTitle(TITLE_KEYS.tokenExpired);
  const { t } = useTranslation('auth');
  return (
    <section className="shell-auth-card" aria-labelledby="expired-title">
      <h1 id="expired-title">{title}</h1>
      <p>{t('token_expired.lead')}</p>
      <nav className="shell-auth-links">
        <Link to="/forgot-password">{t('links.forgot_password')}</Link>
        <Link to="/login">{t('links.back_to_login')}</Link>
      </nav>
    </section>
  );
}

/** An auth-only page that explains a state and offers the one way out. */
function StatePage({ titleKey, leadKey, action }: { titleKey: string; leadKey: string; action: 'home' | 'logout' }) {
  const title = usePageTitle(titleKey);
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const token = useSessionToken();
  return (
    <section className="shell-state-page" aria-labelledby="state-title">
      <h1 id="state-title">{title}</h1>
      <p>{t(leadKey)}</p>
      {action === 'home' ? (
        <Link className="shell-button" to="/">
          {t('actions.back_to_home')}
        </Link>
      ) : token ? (
        <button type="button" className="shell-button" onClick={() => void logout()}>
          {t('actions.logout')}
        </button>
      ) : (
        <Link className="shell-button" to="/login">
          {t('actions.back_to_login')}
        </Link>
      )}
    </section>
  );
}

export function EmployeeWithoutGroupPage() {
  return <StatePage titleKey={TITLE_KEYS.employeeWithoutGroup} leadKey="state.employee_without_group" action="logout" />;
}

/** Registered through a group link, not yet approved: the only page such an account sees. */
export function ApprovalWaitingPage() {
  return <StatePage titleKey={TITLE_KEYS.approvalWaiting} leadKey="state.approval_waiting" action="logout" />;
}

export function GroupNotFoundPage() {
  return <StatePage titleKey={TITLE_KEYS.groupNotFound} leadKey="state.group_not_found" action="home" />;
}
