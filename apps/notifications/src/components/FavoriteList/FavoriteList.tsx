import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FavoriteTargetType } from '@portal/api-client/core';
import { Button, DateDisplay, EmptyState, Spinner } from '@portal/ui';
import { ApiAvatar, useListPageSize } from '@portal/content/kit';
import { useFavoriteList, useMarkRead } from '../../api/notifications';
import { favoriteHref, favoriteUnreadId } from '../../lib/links';
import { PersonName } from '../PersonName/PersonName';

/** A favourite event outside any group (shared with chosen members) is labelled as the calendar's. */
const calendar = (f: { favorite_target_type: number }) => f.favorite_target_type === FavoriteTargetType.CALENDAR;
const chat = (f: { favorite_target_type: number }) => f.favorite_target_type === FavoriteTargetType.CHAT;

/** Section 2's display modes: the LIST page, the HOME block and the NAVBAR dropdown (no title, no see-more). */
export type FavoriteMode = 'LIST' | 'HOME' | 'NAVBAR';

/** Favourites: unread rows yellow with a mark-read button, see-more paging, an empty text. */
export function FavoriteList({ mode, pageSize: given, onNavigate }: { mode: FavoriteMode; pageSize?: number; onNavigate?: () => void }) {
  const stored = useListPageSize();
  const pageSize = given ?? stored;
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const list = useFavoriteList(mode === 'NAVBAR' ? 5 : pageSize);
  const mark = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="pntf-error">{t('common.load_failed')}</p>;
  return (
    <div className="pntf-list">
      {mode === 'HOME' && <h2 className="pntf-widget__title">{t('routes.favourite')}</h2>}
      {items.length === 0 ? (
        <EmptyState message={t('favourite.empty')} />
      ) : (
        <ul className="pntf-list__items" aria-label={t('routes.favourite')}>
          {items.map((f) => {
            const href = favoriteHref(f);
            const unreadId = favoriteUnreadId(f);
            return (
              <li key={f.id} className={`pntf-row${f.is_read ? '' : ' pntf-row--unread'}`} data-testid="favourite-row">
                <ApiAvatar
                  src={f.group_avatar}
                  name={f.group_name ?? (calendar(f) ? t('favourite.calendar') : chat(f) ? f.title : t('common.common_topic_avatar'))}
                  size="sm"
                  decorative
                />
                <div className="pntf-row__body">
                  {href ? (
                    <Link to={href} className="pntf-row__title" onClick={onNavigate}>
                      <span className="pntf-row__title-text">{f.title}</span>
                    </Link>
                  ) : (
                    <span className="pntf-row__title">{f.title}</span>
                  )}
                  {f.content && <p className="pntf-row__content">{f.content}</p>}
                  <p className="pntf-row__meta">
                    {f.group_name ?? (calendar(f) ? t('favourite.calendar') : chat(f) ? t('favourite.chat') : t('common.common_topic'))}
                    {' · '}
                    <PersonName name={f.update_by_user} status={f.user_active_status} />
                    {' · '}
                    <DateDisplay value={f.updated_at} />
                  </p>
                </div>
                {!f.is_read && unreadId && (
                  <Button size="sm" variant="secondary" disabled={mark.isPending} onClick={() => mark.mutate([unreadId])}>
                    {t('favourite.mark_read')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mode !== 'NAVBAR' && list.hasNextPage && (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('common.see_more')}
        </Button>
      )}
      {mode === 'NAVBAR' && (
        <Link to="/notification/favourite" className="pntf-list__more" onClick={onNavigate}>
          {t('common.see_all')}
        </Link>
      )}
    </div>
  );
}
