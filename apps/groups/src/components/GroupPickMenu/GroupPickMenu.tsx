import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/api-client/core';
import { Button, EmptyState, SearchInput, Spinner } from '@portal/ui';
import { useMyGroupsInfinite } from '../../api/groupList';
import { GroupRow } from '../GroupList/GroupRow';
import { useIsMobileDevice } from './useIsMobileDevice';
import './GroupPickMenu.css';

// The scanner's own code is small, but it is only ever needed on a phone: keep it out of the
// menu's chunk too (html5-qrcode itself is imported only when the scanner starts).
const QrScanner = lazy(async () => ({ default: (await import('../QrScanner/QrScanner')).QrScanner }));

/**
 * The navbar "Group" pick menu (spec section 2): a search box debounced by 1000 ms, the user's
 * groups linking to their top pages with an unread or muted badge, and see-more appending the
 * next page until the last. The shell closes the menu when a link changes the page.
 */
export function GroupPickMenu() {
  const { t } = useTranslation('groupMenu');
  const [keyword, setKeyword] = useState('');
  const [scanning, setScanning] = useState(false);
  const mobile = useIsMobileDevice();
  const list = useMyGroupsInfinite(keyword);
  const groups = list.data?.pages.flatMap((p) => p.data) ?? [];

  let body;
  if (list.isPending) {
    body = <Spinner size="sm" />;
  } else if (list.isError && groups.length === 0) {
    body = (
      <div className="pgrp-menu__error" role="alert">
        <p>{t('menu.load_failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('menu.retry')}
        </Button>
      </div>
    );
  } else if (groups.length === 0) {
    body = <EmptyState message={keyword ? t('menu.no_results', { keyword }) : t('menu.empty')} />;
  } else {
    body = (
      <>
        <ul className="pgrp-menu__list" aria-label={t('menu.list_label')}>
          {groups.map((g) => (
            <GroupRow key={g.id} group={g} />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" size="sm" block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('menu.see_more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="pgrp-menu">
      <div className="pgrp-menu__tools">
        <SearchInput
          className="pgrp-menu__search"
          label={t('menu.search_label')}
          placeholder={t('menu.search_placeholder')}
          debounceMs={LIMITS.searchDebounceMs}
          onSearch={setKeyword}
        />
        {mobile && (
          <Button variant="secondary" size="sm" onClick={() => setScanning(true)}>
            {t('menu.scan_qr')}
          </Button>
        )}
      </div>
      <div className="pgrp-menu__body" aria-busy={list.isFetching || undefined}>
        {body}
      </div>
      {scanning && (
        <Suspense fallback={null}>
          <QrScanner onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </div>
  );
}
