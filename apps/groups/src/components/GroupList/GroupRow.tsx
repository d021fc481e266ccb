import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupListItem } from '@portal/api-client/core';
import { Avatar, UnreadBadge } from '@portal/ui';
import { useApiImageSrc } from '@portal/content/kit';

/**
 * One group in a list: icon, name linking to its top page, and the unread badge (+99 cap), or a
 * grey dot instead when the user muted the group (spec section 2). The uploaded icon comes
 * through the shared image cache (rows, menu and header fetch a URL once); initials until then.
 * The badge counts what the group's unread list shows (topics, comments for the user, shared
 * files); its tooltip says so, since the feed's own unread tab counts topics only.
 */
export function GroupRow({ group, onNavigate }: { group: GroupListItem; onNavigate?: () => void }) {
  const iconSrc = useApiImageSrc(group.icon_image_small_path);
  const { t } = useTranslation('notifications');
  return (
    <li className="pgrp-row">
      <Link to={`/group/${group.id}`} className="pgrp-row__link" onClick={onNavigate}>
        <Avatar src={iconSrc} name={group.name} size="sm" decorative />
        <span className="pgrp-row__name">{group.name}</span>
      </Link>
      <span
        className="pgrp-row__badge"
        title={group.can_notify && group.unread_count > 0 ? t('badge.group_hint', { count: group.unread_count }) : undefined}
      >
        <UnreadBadge count={group.unread_count} muted={!group.can_notify} />
      </span>
    </li>
  );
}
