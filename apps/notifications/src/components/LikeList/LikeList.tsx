import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, DateDisplay, EmptyState, Spinner } from '@portal/ui';
import { useLikeList } from '../../api/notifications';
import { likeHref } from '../../lib/links';
import { useListPageSize } from '@portal/content/kit';
import { PersonName } from '../PersonName/PersonName';

/** Like notices: who liked which topic or comment, with the topic's like character. */
export function LikeList({ mode, pageSize: given, onNavigate }: { mode: 'page' | 'navbar'; pageSize?: number; onNavigate?: () => void }) {
  const stored = useListPageSize();
  const pageSize = given ?? stored;
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const list = useLikeList(mode === 'navbar' ? 5 : pageSize);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="pntf-error">{t('common.load_failed')}</p>;
  if (items.length === 0) return <EmptyState message={t('like.empty')} />;
  return (
    <div className="pntf-list">
      <ul className="pntf-list__items" aria-label={t('routes.like')}>
        {items.map((n) => {
          const others = n.like_count - n.update_by_user.length;
          return (
            <li key={n.id} className={`pntf-row${n.is_read ? '' : ' pntf-row--unread'}`} data-testid="like-row">
              <span className="pntf-like-char" aria-hidden="true">
                {n.like_character_change || '♥'}
              </span>
              <div className="pntf-row__body">
                <Link to={likeHref(n)} className="pntf-row__title" onClick={onNavigate}>
                  <span className="pntf-row__title-text">{n.like_target}</span>
                </Link>
                {n.comment_content !== null && <p className="pntf-row__content">{t('like.on_comment', { content: n.comment_content })}</p>}
                <p className="pntf-row__meta">
                  {n.update_by_user.length === 0
                    ? t('like.count_only', { count: n.like_count })
                    : n.update_by_user.map((u, i) => (
                        <span key={i}>
                          {i > 0 && t('common.separator')}
                          <PersonName name={u.name} status={u.user_active_status} />
                        </span>
                      ))}
                  {n.update_by_user.length > 0 && others > 0 && t('like.and_others', { count: others })}
                  {' · '}
                  <DateDisplay value={n.updated_at} />
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {mode === 'page' && list.hasNextPage && (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('common.see_more')}
        </Button>
      )}
      {mode === 'navbar' && (
        <Link to="/notification/like" className="pntf-list__more" onClick={onNavigate}>
          {t('common.see_all')}
        </Link>
      )}
    </div>
  );
}
