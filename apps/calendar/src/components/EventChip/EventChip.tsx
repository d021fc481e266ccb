import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@portal/api-client/core';
import { eventTitle } from '../../lib/labels';

/**
 * One event in a view, in its colour with the spec's text colour. Holidays (null id) are plain
 * labels; an event links to its preview at this occurrence's date.
 */
export function EventChip({
  event,
  showTime = true,
  continued,
}: {
  event: CalendarEvent;
  showTime?: boolean;
  continued?: [boolean, boolean];
}) {
  const { t, i18n } = useTranslation('calendar');
  const title = eventTitle(event, i18n.language);
  if (event.id === null) {
    return (
      <span className="pcal-chip pcal-chip--holiday" title={t('holiday')}>
        {title}
      </span>
    );
  }
  const cls = ['pcal-chip', continued?.[0] ? 'pcal-chip--from-before' : '', continued?.[1] ? 'pcal-chip--to-after' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Link
      className={cls}
      to={`/calendar/${event.id}?date=${event.occurrence_date}`}
      style={{ background: event.event_color, color: event.text_color === 'white' ? '#fff' : '#111' }}
      data-text-color={event.text_color}
    >
      {showTime && !continued?.[0] ? <span className="pcal-chip__time">{event.event_start_time}</span> : null}
      <span className="pcal-chip__title">{title}</span>
      {!event.is_read ? <span className="pcal-chip__unread">{t('unread')}</span> : null}
    </Link>
  );
}
