import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, EmptyState, SearchInput, Spinner, useDocumentTitle } from '@portal/ui';
import { usePageSize } from '../../api/group';
import { useMembers } from '../../api/members';
import { Pager } from '@portal/ui/kit';
import { useGroupArea } from '../area/context';

/** members/list: every member with kana, role label and avatar, searchable and paged. */
export function MemberListPage() {
  const { t } = useTranslation('groups');
  const title = t('routes.members_list');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const limit = usePageSize();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const members = useMembers(groupId, { page, limit, filter });
  const rows = members.data?.data ?? [];

  return (
    <section aria-labelledby="pgrp-members-title">
      <h1 id="pgrp-members-title" className="pui-page-title">
        {title}
        {members.data && <span className="pgrp-muted"> {t('members.count', { count: members.data.total })}</span>}
      </h1>
      <SearchInput
        label={t('members.search')}
        placeholder={t('members.search_placeholder')}
        onSearch={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />
      {members.isPending ? (
        <Spinner />
      ) : members.isError ? (
        <p role="alert">{t('common.load_failed')}</p>
      ) : rows.length === 0 ? (
        <EmptyState message={filter ? t('members.no_match') : t('members.empty')} />
      ) : (
        <table className="pgrp-table">
          <thead>
            <tr>
              <th scope="col">{t('members.name')}</th>
              <th scope="col">{t('members.role')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td>
                  <span className="pgrp-person">
                    <Avatar src={m.avatar_small} name={m.name} size="sm" />
                    <span>
                      {m.name}
                      {m.name_kana && <span className="pgrp-person__kana">{m.name_kana}</span>}
                    </span>
                  </span>
                </td>
                <td>
                  <span className={`pgrp-badge pgrp-badge--${m.role}`}>{t(`members.role_label.${m.role}`)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {members.data && <Pager page={page} lastPage={members.data.last_page} onChange={setPage} />}
    </section>
  );
}
