import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { calendarDates as cd } from '@portal/api-client/core';
import { Button, Spinner, useFirstDataInTransition } from '@portal/ui';
import '../calendar.css';
import { usePhone } from '../lib/usePhone';
import { useDays, useFirstDayOfWeek, type CalendarChoice } from '../api/views';
import { CalendarPicker } from '../components/CalendarPicker/CalendarPicker';
import { EventChip } from '../components/EventChip/EventChip';
import { continuedOn, dayLabel, occurrenceKey } from '../lib/labels';
import { registerCalendarReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerCalendarReactions();

/**
 * `./WeekTable`: the home page's week (spec section 2): seven days from the week start, moved
 * by a day or a week; all calendars, mine or one group's; a create shortcut on every day.
 */
export default function WeekTable() {
  const { t } = useTranslation('calendar');
  const firstDay = useFirstDayOfWeek();
  const [start, setStart] = useState(() => cd.weekStart(cd.tokyoToday(), firstDay));
  const [choice, setChoice] = useState<CalendarChoice>({ type: 1 });
  const q = useDays(start, 7, choice);
  // The first answer renders in a transition (home's start-up; see the hook).
  const week = useFirstDataInTransition(q.data);
  const today = cd.tokyoToday();
  const phone = usePhone();

  return (
    <section className="pcal-widget" aria-label={t('widgets.week_table')}>
      <h2 className="pcal-widget__title">{t('widgets.week_table')}</h2>
      <div className="pcal-toolbar">
        <Button size="sm" variant="secondary" onClick={() => setStart(cd.addDays(start, -7))}>
          {t('nav.prev_week')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(cd.addDays(start, -1))}>
          {t('nav.prev_day')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(cd.weekStart(today, firstDay))}>
          {t('nav.today')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(cd.addDays(start, 1))}>
          {t('nav.next_day')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(cd.addDays(start, 7))}>
          {t('nav.next_week')}
        </Button>
        <CalendarPicker id="pcal-widget-picker" value={choice} onChange={setChoice} />
      </div>
      {q.isError ? (
        <p role="alert">{t('load_failed')}</p>
      ) : week === undefined ? (
        <Spinner />
      ) : phone ? (
        // A phone has no room for seven columns: the same days as an agenda, titles in full.
        <ol className="pcal-week-agenda">
          {week.data.map((d) => (
            <li key={d.date} className={d.date === today ? 'pcal-week-agenda__day pcal-cell--today' : 'pcal-week-agenda__day'}>
              <div className="pcal-week-agenda__head">
                <span>{dayLabel(t, d.date)}</span>
                <Link
                  className="pcal-cell__add"
                  to={`/calendar/create?date=${d.date}`}
                  aria-label={t('add_on', { date: dayLabel(t, d.date) })}
                >
                  +
                </Link>
              </div>
              {d.events.length === 0 ? (
                <span className="pcal-week-agenda__none">{t('empty')}</span>
              ) : (
                d.events.map((e) => (
                  <EventChip key={occurrenceKey(e)} event={e} continued={continuedOn(week.data, week.event_continue, d.date, e)} />
                ))
              )}
            </li>
          ))}
        </ol>
      ) : (
        <table className="pcal-week-table">
          <thead>
            <tr>
              {week.data.map((d) => (
                <th key={d.date} scope="col" className={d.date === today ? 'pcal-cell--today' : undefined}>
                  {dayLabel(t, d.date)}
                  <Link
                    className="pcal-cell__add"
                    to={`/calendar/create?date=${d.date}`}
                    aria-label={t('add_on', { date: dayLabel(t, d.date) })}
                  >
                    +
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {week.data.map((d) => (
                <td key={d.date} data-date={d.date}>
                  {d.events.map((e) => (
                    <EventChip key={occurrenceKey(e)} event={e} continued={continuedOn(week.data, week.event_continue, d.date, e)} />
                  ))}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
