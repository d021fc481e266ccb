import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { Button, UnreadBadge } from '@portal/ui';
import { FormError } from '@portal/ui/kit';
import { ApiError } from '@portal/api-client/core';
import { canonicalQuery } from './searchParams';

const KEY = ['search', 'saved'];

/** "Save this search" for the current query, and the user's saved searches with their new hits. */
export function SavedSearches({ query }: { query: string | null }) {
  const { t } = useTranslation('search');
  const client = useQueryClient();
  const saved = useQuery({ queryKey: KEY, queryFn: async () => (await api.call('savedSearches')).items });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const save = useMutation({ mutationFn: (q: string) => api.call('saveSearch', { body: { query: q } }), onSuccess: refresh });
  const seen = useMutation({
    mutationFn: (id: number) => api.call('markSavedSearchSeen', { params: { savedId: id } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call('deleteSavedSearch', { params: { savedId: id } }),
    onSuccess: refresh,
  });
  const already = query !== null && (saved.data ?? []).some((s) => s.query === canonicalQuery(query));
  const saveError = save.error instanceof ApiError ? Object.values(save.error.body?.errors ?? {})[0]?.[0] : null;

  return (
    <section className="shell-search-saved" aria-label={t('saved_title')}>
      {query !== null && (
        <div className="shell-search-saved__save">
          <Button variant="secondary" size="sm" disabled={already} loading={save.isPending} onClick={() => save.mutate(query)}>
            {already ? t('saved') : t('save')}
          </Button>
          <FormError message={saveError} />
        </div>
      )}
      {saved.data && saved.data.length > 0 && (
        <>
          <h2 className="shell-search-saved__title">{t('saved_title')}</h2>
          <ul className="shell-search-saved__list">
            {saved.data.map((s) => (
              <li key={s.id}>
                <Link to={`/search-result?${s.query}`} onClick={() => seen.mutate(s.id)}>
                  {s.name}
                </Link>
                {s.new_count > 0 && <UnreadBadge count={s.new_count} />}
                <Button variant="link" size="sm" onClick={() => remove.mutate(s.id)} aria-label={t('saved_delete_named', { name: s.name })}>
                  {t('saved_delete')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
