import { useTranslation } from 'react-i18next';
import type { TopicRow as Row } from '@portal/api-client/core';
import { Button, EmptyState, Spinner } from '@portal/ui';
import { TopicRow } from '@portal/content/topics';
import { useTopicFeed, type FeedList as List, type FeedSort, type TopicFolder } from '../../api/topics';
import { groupPath } from '../area/context';

interface TopicFeedListProps {
  groupId: number;
  list: List;
  unreadOnly: boolean;
  sort: FeedSort;
  title: string;
  emptyKey: string;
  /** "By category": the loaded topics under their folder's name, unclassified last. */
  byCategory: TopicFolder[] | null;
  selected: Set<number> | null;
  onSelect: (id: number, on: boolean) => void;
}

interface Section {
  key: string;
  name: string | null;
  rows: Row[];
}

/** Rows grouped by folder in the folder list's order; the server's order is kept inside each. */
export function sectionsByFolder(rows: Row[], folders: TopicFolder[], unclassified: string): Section[] {
  const sections = new Map<number | null, Row[]>();
  for (const row of rows) sections.set(row.folder_id, [...(sections.get(row.folder_id) ?? []), row]);
  const named = folders.filter((f) => sections.has(f.id)).map((f) => ({ key: `f${f.id}`, name: f.name, rows: sections.get(f.id)! }));
  const rest = sections.get(null);
  return rest ? [...named, { key: 'none', name: unclassified, rows: rest }] : named;
}

/** One feed list with "see more" paging, flat (newest) or by category. */
export function TopicFeedList({ groupId, list, unreadOnly, sort, title, emptyKey, byCategory, selected, onSelect }: TopicFeedListProps) {
  const { t } = useTranslation('topics');
  const feed = useTopicFeed(groupId, list, unreadOnly, sort, title);
  if (feed.isPending) return <Spinner />;
  if (feed.isError) return <p role="alert">{t('common.load_failed')}</p>;
  const rows = feed.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState message={t(emptyKey)} />;
  const items = (part: Row[]) =>
    part.map((row) => (
      <TopicRow
        key={row.id}
        row={row}
        href={groupPath(groupId, `topic/${row.id}`)}
        {...(selected ? { selected: selected.has(row.id), onSelect } : {})}
      />
    ));
  return (
    <>
      {byCategory ? (
        sectionsByFolder(rows, byCategory, t('feed.tab.unclassified')).map((s) => (
          <section key={s.key} className="ptop-category" aria-label={s.name ?? undefined}>
            <h2 className="ptop-category__title">{s.name}</h2>
            <ul className="ptop-list" aria-label={t('feed.list_label')}>
              {items(s.rows)}
            </ul>
          </section>
        ))
      ) : (
        <ul className="ptop-list" aria-label={t('feed.list_label')}>
          {items(rows)}
        </ul>
      )}
      {feed.hasNextPage && (
        <div className="ptop-more">
          <Button variant="secondary" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
            {t('feed.see_more')}
          </Button>
        </div>
      )}
    </>
  );
}
