import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner, useFirstDataInTransition } from '@portal/ui';
import { HOME_NEWS_LIMIT, NewsDisplayType, InformationType, type NewsItem } from '@portal/api-client/core';
import { useNews, useReadNews } from '../api/news';
import { NewsItemView } from '../components/NewsItemView/NewsItemView';
import '../notifications.css';

/**
 * When each cached news list was last reported (its dataUpdatedAt). The list stays cached
 * (staleTime Infinity), so home remounts it on every visit with the same answer: one report per
 * answer, not one per visit (each was a write under load). A reload is reported afresh.
 */
const reported = new WeakMap<object, number>();

/**
 * `./NewsList`: news on home, or on a group page when given the group (section 2). Unread items
 * carry NEW. Section 4: once a non-empty list has loaded, its unread items are reported read
 * (NEW stays on screen until the next load); tapping NEW or opening an item hides its badge, and
 * opening a ONE_TIME system item retires every ONE_TIME system item shown.
 */
export default function NewsList({ groupId = null, limit = HOME_NEWS_LIMIT }: { groupId?: number | null; limit?: number }) {
  const { t } = useTranslation('notifications');
  const news = useNews(groupId, limit);
  const read = useReadNews();
  const [seen, setSeen] = useState<Set<number>>(new Set());
  // The first answer renders in a transition (home's start-up; see the hook).
  const data = useFirstDataInTransition(news.data);
  const items = data?.data ?? [];
  const unreadIds = items
    .filter((i) => !i.is_readed)
    .map((i) => i.id)
    .join(',');

  const { mutate } = read;
  const answeredAt = news.dataUpdatedAt;
  useEffect(() => {
    if (!data || !unreadIds || reported.get(data) === answeredAt) return;
    reported.set(data, answeredAt);
    mutate(unreadIds.split(',').map(Number), { onError: () => reported.delete(data) });
  }, [data, answeredAt, unreadIds, mutate]);

  const open = (item: NewsItem) => {
    const oneTimeSystem = item.display_type === NewsDisplayType.ONE_TIME && item.type === InformationType.SYSTEM;
    const ids = oneTimeSystem
      ? items.filter((i) => i.type === InformationType.SYSTEM && i.display_type === NewsDisplayType.ONE_TIME).map((i) => i.id)
      : [item.id];
    setSeen((s) => new Set([...s, ...ids]));
  };

  return (
    <section className="pntf-widget" aria-labelledby={`pntf-news-${groupId ?? 'home'}`}>
      <h2 id={`pntf-news-${groupId ?? 'home'}`} className="pntf-widget__title">
        {t('widgets.news')}
      </h2>
      {data === undefined && !news.isError ? (
        <Spinner />
      ) : news.isError ? (
        <p className="pntf-error">{t('common.load_failed')}</p>
      ) : items.length === 0 ? (
        <EmptyState message={t('news.empty')} />
      ) : (
        <ul className="pntf-list__items" aria-label={t('widgets.news')}>
          {items.map((item) => (
            <NewsItemView key={item.id} item={item} isNew={!item.is_readed && !seen.has(item.id)} onOpen={open} />
          ))}
        </ul>
      )}
    </section>
  );
}
