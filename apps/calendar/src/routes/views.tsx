import { memo, useCallback, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { calendarDates as cd, type CalendarEvent } from '@portal/api-client/core';
import { EmptyState, Spinner } from '@portal/ui';
import { useDays, useRange, type CalendarChoice } from '../api/calendar';
import { EventChip } from '../components/EventChip/EventChip';
import { continuedByDay, dayLabel, occurrenceKey as flagsKey, type Continued } from '../lib/labels';

type Props = { date: string; choice: CalendarChoice };

function Failed() {
  const { t } = useTranslation('calendar');
  return <p role="alert">{t('load_failed')}</p>;
}

/** The last day the list shows: a month from the chosen day. */
export const listEnd = (date: string) => cd.addDays(cd.monthStart(date, 1), Number(date.slice(8, 10)) - 2);

/**
 * The days an occurrence is on, inside [from, to]: from its start day to its end day, where an
 * end at 00:00 does not reach into that day (23:30–00:30 is on both days, 23:00–00:00 on one).
 */
export function daysOf(
  e: Pick<CalendarEvent, 'event_start_date' | 'event_end_date' | 'event_end_time'>,
  from: string,
  to: string,
): string[] {
  let last = e.event_end_date > e.event_start_date && e.event_end_time === '00:00' ? cd.addDays(e.event_end_date, -1) : e.event_end_date;
  if (last < e.event_start_date) last = e.event_start_date;
  const out: string[] = [];
  for (let d = e.event_start_date < from ? from : e.event_start_date; d <= last && d <= to; d = cd.addDays(d, 1)) out.push(d);
  return out;
}

/** A list of the occurrences from the chosen day for a month, by date; one over midnight is under each of its days. */
export function ListView({ date, choice }: Props) {
  const { t } = useTranslation('calendar');
  const end = listEnd(date);
  const q = useRange(date, end, choice);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Failed />;
  if (q.data.length === 0) return <EmptyState message={t('empty')} />;
  const byDate = new Map<string, CalendarEvent[]>();
  for (const e of q.data) {
    // What the server answered is listed even if its days fall outside (a clock a day apart).
    const on = daysOf(e, date, end);
    for (const d of on.length > 0 ? on : [e.event_start_date]) byDate.set(d, [...(byDate.get(d) ?? []), e]);
  }
  const days = [...byDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return (
    <dl className="pcal-list">
      {days.map(([d, events]) => (
        <div key={d} className="pcal-list__day">
          <dt>{dayLabel(t, d)}</dt>
          {events.map((e) => (
            <dd key={flagsKey(e)}>
              <EventChip event={e} />
              {e.id !== null && e.event_end_date !== e.event_start_date ? (
                <span className="pcal-list__until">
                  → {dayLabel(t, e.event_end_date)} {e.event_end_time}
                </span>
              ) : null}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

export function DayView({ date, choice }: Props) {
  const { t } = useTranslation('calendar');
  const q = useDays(date, 1, choice);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Failed />;
  const events = q.data.data[0]?.events ?? [];
  if (events.length === 0) return <EmptyState message={t('empty')} />;
  return (
    <ul className="pcal-day">
      {events.map((e) => (
        <li key={flagsKey(e)}>
          <span className="pcal-day__time">{e.id === null ? t('all_day') : `${e.event_start_time}–${e.event_end_time}`}</span>{' '}
          <EventChip event={e} showTime={false} />
        </li>
      ))}
    </ul>
  );
}

type Day = { date: string; events: CalendarEvent[] };

const sameFlags = (a: Continued[], b: Continued[]) =>
  a.length === b.length && a.every((x, i) => x?.[0] === b[i]?.[0] && x?.[1] === b[i]?.[1]);

interface CellProps {
  day: Day;
  continued: Continued[];
  today: boolean;
  selected: boolean;
  other: boolean;
  onPick: ((date: string) => void) | undefined;
}

/**
 * One day of the grid. Memoised on what it shows: a refetch after a realtime event keeps the
 * unchanged days' objects (the query's structural sharing), so only the changed cells render
 * and format their labels again.
 */
const DayCell = memo(
  function DayCell({ day: d, continued, today, selected, other, onPick }: CellProps) {
    const { t } = useTranslation('calendar');
    const label = dayLabel(t, d.date);
    const holiday = d.events.some((e) => e.id === null);
    const cls = [
      'pcal-cell',
      today ? 'pcal-cell--today' : '',
      selected ? 'pcal-cell--selected' : '',
      holiday ? 'pcal-cell--holiday' : '',
      other ? 'pcal-cell--other' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      // No aria-label: the cell is named by what it shows (axe label-content-name-mismatch).
      <div className={cls} role="gridcell" data-date={d.date} aria-selected={selected ? true : undefined}>
        <div className="pcal-cell__head">
          {onPick ? (
            <button type="button" className="pcal-cell__pick" onClick={() => onPick(d.date)} aria-pressed={selected}>
              <span className="pcal-cell__label">{label}</span>
              <span className="pcal-cell__num" aria-hidden="true">
                {Number(d.date.slice(8, 10))}
              </span>
              {d.events.length > 0 && (
                <span className="pcal-cell__dots" aria-hidden="true">
                  {'•'.repeat(Math.min(d.events.length, 3))}
                </span>
              )}
            </button>
          ) : (
            <span>{label}</span>
          )}
          <Link className="pcal-cell__add" to={`/calendar/create?date=${d.date}`} aria-label={t('add_on', { date: label })}>
            +
          </Link>
        </div>
        {d.events.map((e, i) => (
          <EventChip key={flagsKey(e)} event={e} continued={continued[i]} />
        ))}
      </div>
    );
  },
  (a, b) =>
    a.day === b.day &&
    a.today === b.today &&
    a.selected === b.selected &&
    a.other === b.other &&
    a.onPick === b.onPick &&
    sameFlags(a.continued, b.continued),
);

/** Days as columns (week) or a 6 × 7 grid (month), in rows of seven; today and the chosen day are marked. */
function DayGrid({
  days,
  flags,
  month,
  selected,
  onPick,
}: {
  days: Day[];
  flags: Record<string, [boolean, boolean][]>;
  month?: string;
  selected?: string;
  onPick?: (date: string) => void;
}) {
  const { t } = useTranslation('calendar');
  const today = cd.tokyoToday();
  const continued = useMemo(() => continuedByDay(days, flags), [days, flags]);
  // The caller's handler changes with every render; the cells get one that does not.
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const stablePick = useCallback((date: string) => pickRef.current?.(date), []);
  const rows: number[] = [];
  for (let i = 0; i < days.length; i += 7) rows.push(i);
  return (
    <div className={month ? 'pcal-grid pcal-grid--month' : 'pcal-grid'} role="grid" aria-label={month ? t('tabs.month') : t('tabs.week')}>
      {rows.map((start) => (
        <div key={days[start]!.date} role="row" className="pcal-grid__row">
          {days.slice(start, start + 7).map((d, j) => (
            <DayCell
              key={d.date}
              day={d}
              continued={continued[start + j]!}
              today={d.date === today}
              selected={d.date === selected}
              other={Boolean(month && !d.date.startsWith(month))}
              onPick={onPick ? stablePick : undefined}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

export function WeekView({ date, choice, firstDay }: Props & { firstDay: number }) {
  const q = useDays(date, 7, choice, firstDay);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Failed />;
  return <DayGrid days={q.data.data} flags={q.data.event_continue} selected={date} />;
}

/**
 * The chosen day's events as a list: on a phone the month grid only has room for dots, so the
 * titles are read here (hidden on wide screens, where the grid shows them).
 */
function Agenda({ date, events }: { date: string; events: CalendarEvent[] }) {
  const { t } = useTranslation('calendar');
  return (
    <section className="pcal-agenda" aria-labelledby="pcal-agenda-title">
      <div className="pcal-agenda__head">
        <h2 id="pcal-agenda-title" className="pcal-agenda__title">
          {dayLabel(t, date)}
        </h2>
        <Link className="pcal-cell__add" to={`/calendar/create?date=${date}`} aria-label={t('add_on', { date: dayLabel(t, date) })}>
          +
        </Link>
      </div>
      {events.length === 0 ? (
        <p className="pcal-agenda__empty">{t('empty')}</p>
      ) : (
        <ul className="pcal-day">
          {events.map((e) => (
            <li key={flagsKey(e)}>
              <span className="pcal-day__time">{e.id === null ? t('all_day') : `${e.event_start_time}–${e.event_end_time}`}</span>{' '}
              <EventChip event={e} showTime={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MonthView({ date, choice, firstDay, onPick }: Props & { firstDay: number; onPick?: (date: string) => void }) {
  const first = cd.monthStart(date);
  const q = useDays(cd.weekStart(first, firstDay), 42, choice);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Failed />;
  const chosen = q.data.data.find((d) => d.date === date);
  return (
    <>
      <DayGrid days={q.data.data} flags={q.data.event_continue} month={first.slice(0, 7)} selected={date} onPick={onPick} />
      {chosen && <Agenda date={date} events={chosen.events} />}
    </>
  );
}
