import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorFallback, Spinner, useDocumentTitle } from '@portal/ui';
import { useHelpArticle } from '../../api/help';
// Exposed on its own (outside SettingsLayout), so it brings the settings styles itself.
import '../SettingsLayout.css';
import '../pages.css';

/**
 * `./HelpCenterDetail` (the shell's /help-center/{id}): one article in the UI language. The
 * body was sanitised by the API's allow-list when it was saved, so it is shown as HTML.
 */
export default function HelpCenterDetailPage() {
  const { t, i18n } = useTranslation('settings');
  const id = Number(useParams().helpCenterId);
  const q = useHelpArticle(id);
  const en = i18n.language === 'en';
  const heading = q.data ? (en ? q.data.title_en : q.data.title_ja) : t('help.title');
  useDocumentTitle(heading);
  return (
    <article className="pset-page pset-help" aria-labelledby="pset-help-detail-title">
      <h1 id="pset-help-detail-title" className="pui-page-title">
        {heading}
      </h1>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <div className="pset-help__body" dangerouslySetInnerHTML={{ __html: en ? q.data.body_en : q.data.body_ja }} />}
      <p>
        <Link to="/help-center">{t('help.back')}</Link>
      </p>
    </article>
  );
}
