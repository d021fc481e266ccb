import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { ErrorFallback, Spinner } from '@portal/ui';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/** /terms and /policy: text from the API, in the UI language. Shown as plain text. */
export function PolicyPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const title = usePageTitle(kind === 'terms' ? TITLE_KEYS.terms : TITLE_KEYS.policy);
  const { t, i18n } = useTranslation('auth');
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const q = useQuery({
    queryKey: queryKeys.policy(kind, lang),
    queryFn: () => api.call(kind === 'terms' ? 'termOfUse' : 'privacyPolicy', { query: { lang } }),
    meta: { silent: true },
  });
  return (
    <article className="shell-policy" aria-labelledby="policy-title">
      <h1 id="policy-title">{q.data?.items.title || title}</h1>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <div className="shell-policy__text">{q.data.items.content}</div>}
      <nav className="shell-auth-links">
        <Link to="/">{t('links.back_to_top')}</Link>
      </nav>
    </article>
  );
}

export function TermsPage() {
  return <PolicyPage kind="terms" />;
}

export function PrivacyPage() {
  return <PolicyPage kind="privacy" />;
}
