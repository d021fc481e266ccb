import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, SearchInput, Spinner, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { useStoredByCategory, useTopicCount, useTopicFolders, type FeedList, type FeedSort } from '../../api/topics';
import { SortSelect, useStoredSort } from '@portal/content/kit';
import { groupPath, useGroupArea } from '../area/context';
import { TopicFeedList } from './FeedList';
import { FeedToolbar } from './FeedToolbar';
import { FolderBar } from './FolderBar';
import './feed.css';

const TABS = ['all', 'unread', 'favorite', 'unclassified', 'folder', 'bin'] as const;
type Tab = (typeof TABS)[number];

/** group-new-feed: the group's topics by tab, sorted, with cursor paging and bulk moves. */
export function FeedPage() {
  const { t } = useTranslation('topics');
  const title = t('feed.title');
  useDocumentTitle(title);
  const area = useGroupArea();
  const { groupId } = area;
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'all';
  const folders = useTopicFolders(groupId);
  const folderParam = Number(search.get('folder'));
  const folderId = folders.data?.some((f) => f.id === folderParam) ? folderParam : (folders.data?.[0]?.id ?? null);
  const [sort, setSort] = useState<FeedSort>(useStoredSort('group_topic'));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [byCategory, setByCategory] = useState(useStoredByCategory());
  // Grouping by folder only means something where topics of several folders are listed.
  const canGroup = tab === 'all' || tab === 'unread' || tab === 'favorite';
  const count = useTopicCount(groupId);

  // Stable, so the memoised rows do not all render again when one is ticked.
  const select = useCallback(
    (id: number, on: boolean) =>
      setSelected((old) => {
        const next = new Set(old);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const list: FeedList | null = tab === 'folder' ? (folderId === null ? null : { folderId }) : tab === 'unread' ? 'all' : tab;
  const go = (next: Record<string, string>) => {
    setSelected(new Set());
    setSearch(next, { replace: true });
  };

  const tabLabel = (id: Tab) => {
    const n =
      count.data &&
      (id === 'all'
        ? count.data.all
        : id === 'unread'
          ? count.data.unread
          : id === 'unclassified'
            ? count.data.unclassified
            : id === 'bin'
              ? count.data.in_bin
              : undefined);
    return n === undefined ? t(`feed.tab.${id}`) : t('feed.tab_count', { label: t(`feed.tab.${id}`), count: n });
  };

  return (
    <section aria-labelledby="ptop-feed-title" className="ptop-feed">
      <div className="ptop-feed__head">
        <h1 id="ptop-feed-title" className="pui-page-title">
          {title}
        </h1>
        {area.rights.edit_topic && (
          <Link className="pui-btn pui-btn--primary pui-btn--md" to={groupPath(groupId, 'topic-create')}>
            {t('feed.create')}
          </Link>
        )}
      </div>
      <Tabs
        label={t('feed.tabs_label')}
        items={TABS.map((id) => ({ id, label: tabLabel(id) }))}
        value={tab}
        onChange={(id) => go({ tab: id })}
      />
      <div className="ptop-feed__controls">
        <SearchInput
          label={t('feed.filter_label')}
          placeholder={t('feed.filter_placeholder')}
          maxLength={100}
          onSearch={(v) => setFilter(v.trim())}
        />
        <SortSelect value={sort} onChange={setSort} />
        {canGroup && (
          <fieldset className="ptop-mode">
            <legend>{t('feed.mode_label')}</legend>
            <label>
              <input type="radio" name="ptop-mode" checked={!byCategory} onChange={() => setByCategory(false)} /> {t('feed.mode.newest')}
            </label>
            <label>
              <input type="radio" name="ptop-mode" checked={byCategory} onChange={() => setByCategory(true)} /> {t('feed.mode.category')}
            </label>
          </fieldset>
        )}
        {tab === 'folder' && folders.data && (
          <FolderBar
            groupId={groupId}
            folders={folders.data}
            current={folderId}
            canEdit={area.rights.edit_topic}
            onPick={(id) => go({ tab: 'folder', ...(id ? { folder: String(id) } : {}) })}
          />
        )}
      </div>
      {area.rights.edit_topic && (
        <FeedToolbar
          groupId={groupId}
          inBin={tab === 'bin'}
          isAdmin={area.rights.admin}
          binCount={count.data?.in_bin ?? 0}
          folders={folders.data ?? []}
          selected={[...selected]}
          onDone={() => setSelected(new Set())}
        />
      )}
      {list === null ? (
        folders.isPending ? (
          <Spinner />
        ) : (
          <EmptyState message={t('feed.no_folders')} />
        )
      ) : (
        <TopicFeedList
          groupId={groupId}
          list={list}
          unreadOnly={tab === 'unread'}
          sort={sort}
          title={filter}
          byCategory={canGroup && byCategory ? (folders.data ?? []) : null}
          emptyKey={filter ? 'feed.no_match' : `feed.empty.${tab}`}
          selected={area.rights.edit_topic ? selected : null}
          onSelect={select}
        />
      )}
    </section>
  );
}
