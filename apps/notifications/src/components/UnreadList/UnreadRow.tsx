import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LikeTargetType, type UnreadItem } from '@portal/api-client/core';
import { DateDisplay } from '@portal/ui';
import { ApiAvatar } from '@portal/content/kit';
import { unreadHref } from '../../lib/links';
import { NoticeIcon } from '../NoticeIcon';
import { PersonName } from '../PersonName/PersonName';

export interface UnreadRowProps {
  item: UnreadItem;
  /** Tickable rows (the page); the navbar rows are not. */
  selectable: boolean;
  selected: boolean;
  onToggle(id: string): void;
  /** Marks the item read; resolves when done. */
  onRead(id: string): Promise<unknown>;
  onNavigate?: () => void;
}

/**
 * One unread item: avatar, kind icon, title, preview, who and when; a click reads and opens it.
 * Memoised: a refetch after a realtime event keeps the unchanged items' objects, so only new or
 * changed rows render.
 */
export const UnreadRow = memo(function UnreadRow({ item, selectable, selected, onToggle, onRead, onNavigate }: UnreadRowProps) {
  const { t } = useTranslation(['notificationPages', 'notifications'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const href = unreadHref(item);
  const isSaved = item.unread_type === LikeTargetType.SAVED_SEARCH;
  const isCommon = item.group_id === null && item.unread_type !== LikeTargetType.CHAT_CONTENT && !isSaved;
  const open = async () => {
    await onRead(item.id).catch(() => undefined);
    onNavigate?.();
    if (href) navigate(href);
  };
  return (
    <li className="pntf-row pntf-row--unread" data-testid="unread-row">
      {selectable && (
        <input
          type="checkbox"
          className="pntf-row__check"
          checked={selected}
          onChange={() => onToggle(item.id)}
          aria-label={t('unread.select_item', { title: item.title })}
        />
      )}
      {/* Section 2: group kinds show the group's icon, chat the sender's (initials of the chat's
          title without one), common kinds the common-topic avatar. */}
      <ApiAvatar
        src={isCommon || isSaved ? null : item.avatar}
        name={isCommon ? t('common.common_topic_avatar') : isSaved ? t('kinds.10') : (item.group_name ?? item.title)}
        size="sm"
        decorative
      />
      <div className="pntf-row__body">
        <button type="button" className="pntf-row__title" onClick={() => void open()}>
          <NoticeIcon type={item.unread_type} />
          {item.emergency_contact && <span className="pntf-mark pntf-mark--urgent">{t('common.urgent')}</span>}
          <span>{t(`kinds.${item.unread_type}`, { defaultValue: '' })}</span>
          <span className="pntf-row__title-text">{item.title}</span>
        </button>
        {item.content && <p className="pntf-row__content">{item.content}</p>}
        {isSaved && <p className="pntf-row__content">{t('unread.new_hits', { count: item.new_hits ?? 0 })}</p>}
        <p className="pntf-row__meta">
          {!isSaved && (
            <>
              {item.group_name ?? (isCommon ? t('common.common_topic') : '')}
              {' · '}
              <PersonName name={item.update_by_user} status={item.user_active_status} />
              {' · '}
            </>
          )}
          <DateDisplay value={item.updated_at} />
        </p>
      </div>
    </li>
  );
});
