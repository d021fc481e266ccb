import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, SearchInput, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { SortSelect, useShowActionError, useStoredSort, type ListSort } from '@portal/content/kit';
import { TopicRow } from '@portal/content/topics';
import { useCommonFeed, useCommonUnreadCount, useMarkAllRead, useMe } from '../../api/commonTopics';
import { AreaNav } from '../AreaNav';
import '../common.css';

/** common-topic-new-feed: company-wide topics sent to one of the caller's groups. */
export function CommonFeedPage() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tt } = useTranslation('topics');
  const title = t('routes.topics');
  useDocumentTitle(title);
  const me = useMe();
  const unread = useCommonUnreadCount();
  const markAll = useMarkAllRead();
  const modal = useModal();
  const showError = useShowActionError();
  const [tab, setTab] = useState<'all' | 'unread'>('all');
  const [sort, setSort] = useState<ListSort>(useStoredSort('common_topic'));
  const [filter, setFilter] = useState('');

  return (
    <section aria-labelledby="pct-feed-title">
      <AreaNav />
      <div className="pct-feed__head">
        <h1 id="pct-feed-title" className="pui-page-title">
          {title}
        </h1>
        <div className="ptop-detail__actions">
          <Button
            variant="secondary"
            size="sm"
            disabled={!unread.data}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, { onSuccess: () => modal.success({ message: t('feed.all_read') }), onError: showError })
            }
          >
            {t('feed.mark_all_read')}
          </Button>
          {me.data?.common_topic_role && (
            <Link className="pui-btn pui-btn--primary pui-btn--sm" to="/common-topic/topic-create">
              {t('feed.create')}
            </Link>
          )}
        </div>
      </div>
      <Tabs
        label={tt('feed.tabs_label')}
        value={tab}
        onChange={(id) => setTab(id as 'all' | 'unread')}
        items={[
          { id: 'all', label: tt('feed.tab.all') },
          { id: 'unread', label: tt('feed.tab_count', { label: tt('feed.tab.unread'), count: unread.data ?? 0 }) },
        ]}
      />
      <div className="pct-feed__controls">
        <SearchInput
          label={t('feed.filter_label')}
          placeholder={t('feed.filter_placeholder')}
          maxLength={100}
          onSearch={(v) => setFilter(v.trim())}
        />
        <SortSelect value={sort} onChange={setSort} />
      </div>
      <FeedList unreadOnly={tab === 'unread'} sort={sort} title={filter} />
    </section>
  );
}

function FeedList({ unreadOnly, sort, title }: { unreadOnly: boolean; sort: ListSort; title: string }) {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tt } = useTranslation('topics');
  const feed = useCommonFeed(unreadOnly, sort, title);
  if (feed.isPending) return <Spinner />;
  if (feed.isError) return <p role="alert">{tt('common.load_failed')}</p>;
  const rows = feed.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState message={t(title ? 'feed.no_match' : unreadOnly ? 'feed.empty_unread' : 'feed.empty')} />;
  return (
    <>
      <ul className="ptop-list" aria-label={tt('feed.list_label')}>
        {rows.map((row) => (
          <TopicRow key={row.id} row={row} href={`/common-topic/topic/${row.id}`} />
        ))}
      </ul>
      {feed.hasNextPage && (
        <div className="pct-more">
          <Button variant="secondary" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
            {tt('feed.see_more')}
          </Button>
        </div>
      )}
    </>
  );
}
