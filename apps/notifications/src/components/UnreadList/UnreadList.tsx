import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Spinner } from '@portal/ui';
import { useMarkRead, useUnreadList } from '../../api/notifications';
import { useListPageSize } from '@portal/content/kit';
import { UnreadRow } from './UnreadRow';

export interface UnreadListProps {
  /** 'page' ticks and pages; 'navbar' shows the newest few with a link to the page. */
  mode: 'page' | 'navbar';
  pageSize?: number;
  onNavigate?: () => void;
}

/**
 * The unread list (section 2): tick items or select all, mark the ticked ones read (disabled
 * until one is ticked); a marked item leaves the list and the tick list. See-more grows the page.
 */
export function UnreadList({ mode, pageSize: given, onNavigate }: UnreadListProps) {
  const stored = useListPageSize();
  const pageSize = given ?? stored;
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const list = useUnreadList(mode === 'navbar' ? 5 : pageSize);
  const mark = useMarkRead();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const read = async (ids: string[]) => {
    await mark.mutateAsync(ids);
    setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
  };
  // The rows are memoised: they get handlers that stay the same from render to render.
  const readRef = useRef(read);
  readRef.current = read;
  const readOne = useCallback((id: string) => readRef.current([id]), []);
  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="pntf-error">{t('common.load_failed')}</p>;
  if (items.length === 0) return <EmptyState message={t('unread.empty')} />;

  const allTicked = items.every((i) => selected.has(i.id));

  return (
    <div className="pntf-list">
      {mode === 'page' && (
        <div className="pntf-list__toolbar">
          <label className="pntf-list__all">
            <input
              type="checkbox"
              checked={allTicked}
              onChange={() => setSelected(allTicked ? new Set() : new Set(items.map((i) => i.id)))}
            />
            {t('unread.select_all')}
          </label>
          <Button size="sm" disabled={selected.size === 0 || mark.isPending} onClick={() => void read([...selected])}>
            {t('unread.mark_selected', { count: selected.size })}
          </Button>
        </div>
      )}
      <ul className="pntf-list__items" aria-label={t('routes.unread')}>
        {items.map((item) => (
          <UnreadRow
            key={item.id}
            item={item}
            selectable={mode === 'page'}
            selected={selected.has(item.id)}
            onToggle={toggle}
            onRead={readOne}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {mode === 'page' && list.hasNextPage && (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('common.see_more')}
        </Button>
      )}
      {mode === 'navbar' && (
        <Link to="/notification/unread" className="pntf-list__more" onClick={onNavigate}>
          {t('common.see_all')}
        </Link>
      )}
    </div>
  );
}
