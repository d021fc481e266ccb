import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput, useDocumentTitle } from '@portal/ui';
import { ApiAvatar } from '@portal/content/kit';
import { usePageSize } from '../../api/group';
import { useMembers } from '../../api/members';
import { Pager } from '@portal/ui/kit';
import { DataTable } from '../../components/DataTable';
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
      <DataTable
        status={members}
        rows={rows}
        rowKey={(m) => m.id}
        empty={filter ? t('members.no_match') : t('members.empty')}
        columns={[
          {
            header: t('members.name'),
            cell: (m) => (
              <span className="pgrp-person">
                <ApiAvatar src={m.avatar_small} name={m.name} size="sm" />
                <span>
                  {m.name}
                  {m.name_kana && <span className="pgrp-person__kana">{m.name_kana}</span>}
                </span>
              </span>
            ),
          },
          {
            header: t('members.role'),
            cell: (m) => <span className={`pgrp-badge pgrp-badge--${m.role}`}>{t(`members.role_label.${m.role}`)}</span>,
          },
        ]}
      />
      {members.data && <Pager page={page} lastPage={members.data.last_page} onChange={setPage} />}
    </section>
  );
}
