import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { EmptyState, ErrorFallback, SearchInput, Spinner, useDocumentTitle } from '@portal/ui';
import { useHelpList } from '../../api/help';
import { ArticleManager } from './ArticleManager';
// Exposed on its own (outside SettingsLayout), so it brings the settings styles itself.
import '../SettingsLayout.css';
import '../pages.css';

/** `./HelpCenter` (the shell's /help-center): the company's articles, searchable by title. */
export default function HelpCenterPage() {
  const { t, i18n } = useTranslation('settings');
  const title = t('help.title');
  useDocumentTitle(title);
  const [search, setSearch] = useState('');
  const list = useHelpList(search);
  const me = useQuery({ queryKey: queryKeys.me(), queryFn: async () => (await api.call('me')).items });
  const en = i18n.language === 'en';
  return (
    <section className="pset-page pset-help" aria-labelledby="pset-help-title">
      <h1 id="pset-help-title" className="pui-page-title">
        {title}
      </h1>
      <SearchInput label={t('help.search')} onSearch={(q: string) => setSearch(q.trim())} />
      {list.isPending && <Spinner />}
      {list.isError && <ErrorFallback error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <EmptyState message={search ? t('help.no_match') : t('help.empty')} />}
      {list.data && list.data.length > 0 && (
        <ul className="pset-help__list">
          {list.data.map((a) => (
            <li key={a.id}>
              <Link to={`/help-center/${a.id}`}>{en ? a.title_en : a.title_ja}</Link>
            </li>
          ))}
        </ul>
      )}
      {me.data?.info.is_company_admin && <ArticleManager />}
    </section>
  );
}
