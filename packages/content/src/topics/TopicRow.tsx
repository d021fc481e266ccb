import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TopicRow as Row } from '@portal/api-client/core';
import { DateDisplay } from '@portal/ui';
import './topics.css';

export interface TopicRowProps {
  row: Row;
  href: string;
  /** Present when the caller may move or delete topics: shows the selection box. */
  selected?: boolean;
  onSelect?: (id: number, on: boolean) => void;
}

/**
 * One feed line: title, 50-character preview, updater (20 characters), date, read and emergency
 * marks. Memoised: a refetched feed keeps the unchanged rows' objects (the query's structural
 * sharing), so a realtime event or "see more" renders only the rows that changed or arrived;
 * callers pass a stable `onSelect`.
 */
export const TopicRow = memo(function TopicRow({ row, href, selected, onSelect }: TopicRowProps) {
  const { t } = useTranslation('topics');
  return (
    <li className={`ptop-row${row.is_read ? '' : ' ptop-row--unread'}`}>
      {onSelect && (
        <input
          type="checkbox"
          className="ptop-row__check"
          checked={selected ?? false}
          aria-label={t('feed.select_topic', { title: row.title })}
          onChange={(e) => onSelect(row.id, e.target.checked)}
        />
      )}
      <div className="ptop-row__body">
        <div className="ptop-row__head">
          {!row.is_read && <span className="ptop-mark ptop-mark--unread">{t('feed.unread_mark')}</span>}
          {row.emergency_contact && <span className="ptop-mark ptop-mark--emergency">{t('feed.emergency_mark')}</span>}
          {row.is_scheduled && <span className="ptop-mark">{t('feed.scheduled_mark')}</span>}
          <Link to={href} className="ptop-row__title">
            {row.title}
          </Link>
        </div>
        {row.content && <p className="ptop-row__preview">{row.content}</p>}
        <p className="ptop-row__meta">
          <span>{row.updater}</span>
          <DateDisplay value={row.update_at} />
        </p>
      </div>
    </li>
  );
});
