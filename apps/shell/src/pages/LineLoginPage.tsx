import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, LINE_MODE_STORAGE_KEY } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import { applyTheme } from '@portal/ui';
import { AuthError } from '../components/AuthError';
import { LineButton, useLineEnabled } from '../components/LineButton';
import { performTokenLogin } from '../session/login';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/**
 * /line-login: where LINE sends the browser back. The one-time code and state leave the address
 * bar and history first, then go to the API once: a login lands on the portal like a password
 * login, a link (begun from account-info) returns there. Opened without a code, it offers the
 * LINE button when LINE login is configured.
 */
export function LineLoginPage() {
  const title = usePageTitle(TITLE_KEYS.lineLogin);
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enabled = useLineEnabled();
  const [phase, setPhase] = useState<'idle' | 'working' | 'cancelled'>('idle');
  const [error, setError] = useState<unknown>(null);
  const [params] = useSearchParams();
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const refused = params.get('error');
    if (code || state || refused) void navigate('/line-login', { replace: true });
    const mode = sessionStorage.getItem(LINE_MODE_STORAGE_KEY) === 'link' ? 'link' : 'login';
    sessionStorage.removeItem(LINE_MODE_STORAGE_KEY);
    if (refused) {
      setPhase('cancelled');
      return;
    }
    if (!code || !state) return;
    setPhase('working');
    const body = { code, state };
    const done =
      mode === 'link'
        ? api.call('lineLink', { body }).then(() => navigate('/setting/account-info', { replace: true, state: { notice: 'line_linked' } }))
        : performTokenLogin(
            async () => (await api.call('lineLogin', { body })).items.access_token,
            { emailLogin: false, redirect: null },
            { api, queryClient, setLanguage, applyTheme },
          ).then((o) => navigate(o.to, { replace: true }));
    done.catch((e: unknown) => {
      setError(e);
      setPhase('idle');
    });
  }, [navigate, queryClient, params]);

  return (
    <section className="shell-auth-card" aria-labelledby="line-login-title" aria-busy={phase === 'working'}>
      <h1 id="line-login-title">{title}</h1>
      {phase === 'working' && <p role="status">{t('line.working')}</p>}
      {phase === 'cancelled' && <p role="alert">{t('line.cancelled')}</p>}
      <AuthError error={error} />
      {phase !== 'working' && (enabled ? <LineButton /> : <p>{t('line.unavailable')}</p>)}
      <nav className="shell-auth-links">
        <Link to="/login">{t('links.back_to_login')}</Link>
      </nav>
    </section>
  );
}
