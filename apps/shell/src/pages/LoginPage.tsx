import { useLocation, useNavigate, useSearchParams, Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@portal/api-client/browser';
import type { LoginBody } from '@portal/api-client/core';
import { setLanguage } from '@portal/i18n';
import { applyTheme } from '@portal/ui';
import { LineButton } from '../components/LineButton';
import { LoginForm, type LoginMode } from '../components/LoginForm';
import { performLogin } from '../session/login';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/** /login (employee number) and /email/login (e-mail): same flow, different identifier. */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const title = usePageTitle(mode === 'email' ? TITLE_KEYS.emailLogin : TITLE_KEYS.login);
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const redirect = params.get('redirect');

  const onLogin = async (body: LoginBody) => {
    const outcome = await performLogin(body, { emailLogin: mode === 'email', redirect }, { api, queryClient, setLanguage, applyTheme });
    navigate(outcome.to, { replace: true });
  };

  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <section className="shell-auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{title}</h1>
      {notice === 'password_reset' && <p role="status">{t('login.password_reset_done')}</p>}
      <LoginForm mode={mode} onLogin={onLogin} />
      <LineButton />
      <nav className="shell-auth-links">
        {mode === 'email' ? (
          <>
            <Link to="/forgot-password">{t('links.forgot_password')}</Link>
            <Link to={`/login${keep}`}>{t('links.employee_login')}</Link>
          </>
        ) : (
          <>
            <Link to="/employee-forgot-password">{t('links.forgot_password')}</Link>
            <Link to={`/email/login${keep}`}>{t('links.email_login')}</Link>
          </>
        )}
      </nav>
    </section>
  );
}

export function EmployeeLoginPage() {
  return <LoginPage mode="employee" />;
}

export function EmailLoginPage() {
  return <LoginPage mode="email" />;
}
