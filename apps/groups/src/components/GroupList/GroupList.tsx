import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, SearchInput, Spinner, useFirstDataInTransition } from '@portal/ui';
import { sectionByFolder, useGroupFolders, useMyGroupsPage } from '../../api/groupList';
import { FolderManager } from '../FolderManager/lazy';
import { GroupRow } from './GroupRow';
import './GroupList.css';

/**
 * Home "group list" (spec section 2): the user's groups, 10 a page, searchable (the server folds
 * kana and width), shown under the user's own folders as headers with unfiled groups last.
 */
export function GroupList() {
  const { t } = useTranslation('groupMenu');
  const titleId = useId();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState(false);
  const list = useMyGroupsPage(page, keyword);
  const folders = useGroupFolders();
  // The first answer renders in a transition (home's start-up; see the hook).
  const data = useFirstDataInTransition(list.data);
  const hasFolders = (folders.data?.length ?? 0) > 0;

  const search = (value: string) => {
    setKeyword(value);
    setPage(1);
  };

  let body;
  if (data === undefined && !list.isError) {
    body = <Spinner />;
  } else if (list.isError && !data) {
    body = (
      <div className="pgrp-list__error" role="alert">
        <p>{t('list.load_failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  } else if (!data || data.data.length === 0) {
    body = <EmptyState message={keyword ? t('list.no_results', { keyword }) : t('list.empty')} />;
  } else {
    body = sectionByFolder(data.data, folders.data).map((section) => {
      const heading = section.folder ? section.folder.name : hasFolders ? t('list.unfiled') : null;
      const key = section.folder?.id ?? 'unfiled';
      return (
        <section key={key} className="pgrp-list__section" aria-label={heading ?? undefined}>
          {heading && <h3 className={`pgrp-list__folder${section.folder ? '' : ' pgrp-list__folder--plain'}`}>{heading}</h3>}
          <ul className="pgrp-list__rows">
            {section.groups.map((g) => (
              <GroupRow key={g.id} group={g} />
            ))}
          </ul>
        </section>
      );
    });
  }

  return (
    <section className="pgrp-list" aria-labelledby={titleId} aria-busy={list.isFetching || undefined}>
      <div className="pgrp-list__header">
        <h2 id={titleId} className="pgrp-list__title">
          {t('list.title')}
        </h2>
        <Button variant="link" size="sm" onClick={() => setManaging(true)}>
          {t('list.manage_folders')}
        </Button>
      </div>
      <SearchInput label={t('list.search_label')} placeholder={t('list.search_placeholder')} onSearch={search} />
      <div className="pgrp-list__body">{body}</div>
      {data && data.last_page > 1 && (
        <nav className="pgrp-list__pager" aria-label={t('list.pagination')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('list.prev')}
          </Button>
          <span aria-live="polite">{t('list.page_status', { page: data.current_page, last: data.last_page, total: data.total })}</span>
          <Button variant="secondary" size="sm" disabled={page >= data.last_page} onClick={() => setPage((p) => p + 1)}>
            {t('list.next')}
          </Button>
        </nav>
      )}
      {managing && <FolderManager onClose={() => setManaging(false)} />}
    </section>
  );
}
