import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { calendarDates as cd } from '@portal/api-client/core';
import { Button, useDocumentTitle } from '@portal/ui';
import { Tabs } from '@portal/ui/kit';
import { choiceParam, parseChoice, useFirstDayOfWeek, type CalendarChoice } from '../api/calendar';
import { CalendarPicker } from '../components/CalendarPicker/CalendarPicker';
import { FeedPanel } from '../components/FeedPanel/FeedPanel';
import { dayLabel } from '../lib/labels';
import { DayView, listEnd, ListView, MonthView, WeekView } from './views';

export type ViewName = 'list' | 'day' | 'week' | 'month';
const VIEWS: ViewName[] = ['list', 'day', 'week', 'month'];

/** How far prev/next moves, and the label of the shown span. */
function step(view: ViewName, date: string, dir: 1 | -1): string {
  if (view === 'day') return cd.addDays(date, dir);
  if (view === 'week') return cd.addDays(date, 7 * dir);
  return cd.monthStart(date, dir);
}

/**
 * /calendar/list|day|week|month: one view with tabs (spec section 2). The shown day and calendar
 * live in the query string (`date`, `cal`), so a link or a reload shows the same thing.
 */
export function CalendarPage({ view }: { view: ViewName }) {
  const { t } = useTranslation('calendar');
  useDocumentTitle(t(`routes.${view}`));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const firstDay = useFirstDayOfWeek();
  const today = cd.tokyoToday();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const choice = parseChoice(params.get('cal'));
  const go = (v: ViewName, d: string, c: CalendarChoice = choice) => navigate(`/calendar/${v}?date=${d}&cal=${choiceParam(c)}`);

  const span =
    view === 'day'
      ? dayLabel(t, date)
      : view === 'week'
        ? t('nav.range', { from: dayLabel(t, cd.weekStart(date, firstDay)), to: dayLabel(t, cd.addDays(cd.weekStart(date, firstDay), 6)) })
        : view === 'month'
          ? t('nav.month', { year: date.slice(0, 4), month: Number(date.slice(5, 7)) })
          : t('nav.range', { from: dayLabel(t, date), to: dayLabel(t, listEnd(date)) });
  const unit = view === 'day' ? 'day' : view === 'week' ? 'week' : 'month';

  return (
    <section className="pcal-page" aria-labelledby="pcal-title">
      <h1 id="pcal-title" className="pui-page-title">
        {t(`routes.${view}`)}
      </h1>
      <Tabs
        label={t('tabs.label')}
        items={VIEWS.map((v) => ({ id: v, label: t(`tabs.${v}`) }))}
        value={view}
        onChange={(v) => go(v as ViewName, date)}
      />
      <div className="pcal-toolbar">
        <Button size="sm" variant="secondary" onClick={() => go(view, step(view, date, -1))}>
          {t(`nav.prev_${unit}`)}
        </Button>
        {view === 'week' ? (
          // Spec section 2: the week view also moves by a day (the chosen day is marked).
          <Button size="sm" variant="secondary" onClick={() => go(view, cd.addDays(date, -1))}>
            {t('nav.prev_day')}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => go(view, today)}>
          {t('nav.today')}
        </Button>
        {view === 'week' ? (
          <Button size="sm" variant="secondary" onClick={() => go(view, cd.addDays(date, 1))}>
            {t('nav.next_day')}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => go(view, step(view, date, 1))}>
          {t(`nav.next_${unit}`)}
        </Button>
        <strong className="pcal-toolbar__span" aria-live="polite">
          {span}
        </strong>
        <CalendarPicker id="pcal-picker" value={choice} onChange={(c) => go(view, date, c)} />
        <Link className="pui-btn pui-btn--primary pui-btn--sm" to={`/calendar/create?date=${date}`}>
          {t('create')}
        </Link>
      </div>
      {view === 'list' ? <ListView date={date} choice={choice} /> : null}
      {view === 'day' ? <DayView date={date} choice={choice} /> : null}
      {view === 'week' ? <WeekView date={date} choice={choice} firstDay={firstDay} /> : null}
      {view === 'month' ? <MonthView date={date} choice={choice} firstDay={firstDay} onPick={(d) => go('month', d)} /> : null}
      {view === 'list' ? <FeedPanel /> : null}
    </section>
  );
}
