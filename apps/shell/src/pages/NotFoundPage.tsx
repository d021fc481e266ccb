import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

export function NotFoundPage() {
  const title = usePageTitle(TITLE_KEYS.notFound);
  const { t } = useTranslation('shell');
  return (
    <section className="shell-state-page" aria-labelledby="nf-title">
      <h1 id="nf-title">{title}</h1>
      <p>{t('state.not_found')}</p>
      <Link className="shell-button" to="/">
        {t('actions.back_to_home')}
      </Link>
    </section>
  );
}
