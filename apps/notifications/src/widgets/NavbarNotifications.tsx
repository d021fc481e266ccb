import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBadgeCount } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { Link } from 'react-router';
import { useMe } from '../api/newsAdmin';
import { useFavoriteCount, useLikeCount, useMarkAllLikesRead, useUnreadCount } from '../api/notifications';
import { FavoriteList } from '../components/FavoriteList';
import { LikeList } from '../components/LikeList';
import { UnreadList } from '../components/UnreadList';
import '../notifications.css';

type Tab = 'unread' | 'like' | 'favourite';

/**
 * `./NavbarNotifications`: the header's notification dropdown. Three tabs with their counts
 * (+99 cap): the newest unread items, the like notices (opening that tab marks them all read,
 * section 4) and the favourites (NAVBAR mode). Counts follow live: the shell invalidates the
 * 'notifications' queries on topic and notification events.
 */
export default function NavbarNotifications({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('notifications');
  const [tab, setTab] = useState<Tab>('unread');
  const unread = useUnreadCount().data ?? 0;
  const likes = useLikeCount().data ?? 0;
  const favourites = useFavoriteCount().data?.unread ?? 0;
  const markLikes = useMarkAllLikesRead();
  const isCompanyAdmin = useMe().data?.info?.is_company_admin === true;
  const label = (key: string, n: number) => (n > 0 ? `${t(key)} (${formatBadgeCount(n)})` : t(key));
  const change = (id: string) => {
    setTab(id as Tab);
    if (id === 'like' && likes > 0) markLikes.mutate();
  };
  return (
    // A plain box: the shell's menu panel around it is already the region named 通知 / Notifications.
    <div className="pntf-widget pntf-navbar">
      <Tabs
        label={t('widgets.navbar')}
        value={tab}
        onChange={change}
        items={[
          { id: 'unread', label: <span data-testid="navbar-unread">{label('navbar.unread', unread)}</span> },
          { id: 'like', label: <span data-testid="navbar-like">{label('navbar.like', likes)}</span> },
          { id: 'favourite', label: <span data-testid="navbar-favourite">{label('navbar.favourite', favourites)}</span> },
        ]}
      />
      <div className="pntf-navbar__panel">
        {tab === 'unread' && <UnreadList mode="navbar" onNavigate={onNavigate} />}
        {tab === 'like' && <LikeList mode="navbar" onNavigate={onNavigate} />}
        {tab === 'favourite' && <FavoriteList mode="NAVBAR" onNavigate={onNavigate} />}
      </div>
      {isCompanyAdmin && (
        <Link to="/notification/news-admin" className="pntf-list__more" onClick={onNavigate}>
          {t('news.admin.link')}
        </Link>
      )}
    </div>
  );
}
