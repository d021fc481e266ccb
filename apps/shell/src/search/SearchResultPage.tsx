import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchQuery, type SearchHit } from '@portal/api-client/schemas/search';
import { api } from '@portal/api-client/browser';
import { DateDisplay, EmptyState, Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/kit';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';
import { Highlighted } from './Highlighted';
import { SavedSearches } from './SavedSearches';
import { SearchForm } from './SearchForm';
import { apiQuery, fromUrlParams, toUrlParams } from './searchParams';

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const where =
    hit.location.type === 'group'
      ? [hit.location.name, hit.location.folder_name].filter(Boolean).join(' / ')
      : t(`location.${hit.location.type}`);
  return (
    <li className="shell-search-hit">
      <div className="shell-search-hit__head">
        <span className="shell-search-hit__kind">{t(`kinds.${hit.kind}`)}</span>
        <Link to={hit.link} className="shell-search-hit__title">
          <Highlighted text={hit.title} ranges={hit.title_highlights} />
        </Link>
      </div>
      <div className="shell-search-hit__meta">
        <span>{where}</span>
        {hit.author_name && <span>{t('by', { name: hit.author_name })}</span>}
        <DateDisplay value={hit.at} />
      </div>
      {hit.snippet && (
        <p className="shell-search-hit__snippet">
          <Highlighted text={hit.snippet} ranges={hit.highlights} />
        </p>
      )}
    </li>
  );
}

/**
 * /search-result: the whole query is in the URL (bookmark, share, reload); the conditions can be
 * changed in place. Results page by the user's list size, newest first.
 */
export function SearchResultPage() {
  usePageTitle(TITLE_KEYS.searchResult);
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const values = fromUrlParams(params);
  const page = Number(params.get('page') ?? '1') || 1;
  const valid = searchQuery.safeParse(apiQuery(params)).success;
  const result = useQuery({
    queryKey: ['search', params.toString()],
    queryFn: async () => (await api.call('search', { query: apiQuery(params) })).items,
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  return (
    <div className="shell-search-result">
      <h1>{t('result_title')}</h1>
      <details className="shell-search-result__conditions" open={!valid}>
        <summary>{t('condition')}</summary>
        <SearchForm key={params.toString()} initial={values} onSubmit={(v) => navigate(`/search-result?${toUrlParams(v).toString()}`)} />
      </details>
      <SavedSearches query={valid ? params.toString() : null} />
      {!valid && <p>{t('no_query')}</p>}
      {valid && result.isPending && <Spinner />}
      {valid && result.isError && <p role="alert">{t('error')}</p>}
      {result.data && (
        <>
          <p className="shell-search-result__count" aria-live="polite">
            {t('count', { count: result.data.total })}
          </p>
          {result.data.data.length === 0 ? (
            <EmptyState message={t('empty')} />
          ) : (
            <ol className="shell-search-hits">
              {result.data.data.map((hit) => (
                <Hit key={`${hit.kind}:${hit.id}`} hit={hit} />
              ))}
            </ol>
          )}
          <Pager
            page={page}
            lastPage={result.data.last_page}
            onChange={(p) => navigate(`/search-result?${toUrlParams(values, p).toString()}`)}
          />
        </>
      )}
    </div>
  );
}

export default SearchResultPage;
