import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@portal/api-client/browser';
import { InformationType, type UnreadItem } from '@portal/api-client/core';
import { DateDisplay, Spinner } from '@portal/ui';
import { groupPath } from './context';

/**
 * The group top page's lists (members/me/groups/{id}/data-group-top, from the notifications
 * module): the newest topics and files with unread marks, the group's news, and the group's
 * unread number with what it counts. Texts live in the notifications namespace with the rest
 * of that domain. News on this page is reported read once shown, as on home (section 4).
 */
export function GroupTopLists({ groupId }: { groupId: number }) {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const top = useQuery({
    queryKey: ['notifications', 'group-top', groupId],
    queryFn: async () => (await api.call('groupTopData', { params: { id: groupId } })).items,
    meta: { silent: true },
  });
  const count = useQuery({
    queryKey: ['notifications', 'group-top-count', groupId],
    queryFn: async () => (await api.call('groupTopUnreadCount', { params: { id: groupId } })).items.count,
    meta: { silent: true },
  });
  const unreadNews = (top.data?.news ?? [])
    .filter((n) => !n.is_readed)
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    if (unreadNews) void api.call('readNews', { body: { information_ids: unreadNews.split(',').map(Number) } }).catch(() => undefined);
  }, [unreadNews]);

  if (top.isPending) return <Spinner />;
  if (top.isError) return <p className="pgrp-muted">{t('common.load_failed')}</p>;
  const row = (i: UnreadItem, href: string) => (
    <li key={i.id} className="pgrp-top__row">
      {!i.is_read && <span className="pgrp-top__unread">{t('group_top.unread_mark')}</span>}
      <Link to={href}>{i.title}</Link>
      <span className="pgrp-muted">
        {' '}
        <DateDisplay value={i.updated_at} />
      </span>
    </li>
  );
  return (
    <div className="pgrp-top">
      {count.data !== undefined && (
        <p className="pgrp-muted" data-testid="group-top-unread">
          {t('badge.group_hint', { count: count.data })}
        </p>
      )}
      <h3 className="pgrp-top__title">{t('group_top.topics')}</h3>
      {top.data.topics.length === 0 ? (
        <p className="pgrp-muted">{t('group_top.no_topics')}</p>
      ) : (
        <ul>{top.data.topics.map((i) => row(i, groupPath(groupId, `topic/${i.unread_target_id}`)))}</ul>
      )}
      <h3 className="pgrp-top__title">{t('group_top.files')}</h3>
      {top.data.files.length === 0 ? (
        <p className="pgrp-muted">{t('group_top.no_files')}</p>
      ) : (
        <ul>{top.data.files.map((i) => row(i, groupPath(groupId, `shared-folder/file/${i.unread_target_id}`)))}</ul>
      )}
      <h3 className="pgrp-top__title">{t('widgets.news')}</h3>
      {top.data.news.length === 0 ? (
        <p className="pgrp-muted">{t('news.empty')}</p>
      ) : (
        <ul>
          {top.data.news.map((n) => (
            <li key={n.id} className="pgrp-top__row">
              {!n.is_readed && <span className="pgrp-top__unread">NEW</span>}
              {n.type === InformationType.SYSTEM
                ? t(`news.system.${n.title}`, { ...safeParams(n.content), defaultValue: t('news.system.unknown') })
                : n.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function safeParams(content: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(content);
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
