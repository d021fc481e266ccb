import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { EmptyState, Spinner, useDocumentTitle } from '@portal/ui';
import { CreateGroupLink } from '../components/CreateGroupLink';

const FIRST = { page: 1, limit: 1 };

/** /group: the first group (in the user's display order) opens; with none, an empty state. */
export function GroupIndex() {
  const { t } = useTranslation('groups');
  useDocumentTitle(t('routes.group'));
  const first = useQuery({
    queryKey: queryKeys.myGroups(FIRST),
    queryFn: async () => (await api.call('myGroups', { query: FIRST })).items,
  });
  if (first.isPending) return <Spinner size="lg" />;
  const group = first.data?.data[0];
  if (group) return <Navigate to={`/group/${group.id}`} replace />;
  return (
    <section aria-labelledby="pgrp-index-title">
      <h1 id="pgrp-index-title" className="pui-page-title">
        {t('routes.group')}
      </h1>
      <EmptyState message={first.isError ? t('index.load_failed') : t('index.empty')} action={<CreateGroupLink />} />
    </section>
  );
}
