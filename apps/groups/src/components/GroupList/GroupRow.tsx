import { Link } from 'react-router';
import type { GroupListItem } from '@portal/api-client/core';
import { Avatar, UnreadBadge } from '@portal/ui';

/**
 * One group in a list: icon, name linking to its top page, and the unread badge (+99 cap), or a
 * grey dot instead when the user muted the group (spec section 2).
 */
export function GroupRow({ group, onNavigate }: { group: GroupListItem; onNavigate?: () => void }) {
  return (
    <li className="pgrp-row">
      <Link to={`/group/${group.id}`} className="pgrp-row__link" onClick={onNavigate}>
        <Avatar src={group.icon_image_small_path} name={group.name} size="sm" decorative />
        <span className="pgrp-row__name">{group.name}</span>
      </Link>
      <UnreadBadge count={group.unread_count} muted={!group.can_notify} className="pgrp-row__badge" />
    </li>
  );
}
