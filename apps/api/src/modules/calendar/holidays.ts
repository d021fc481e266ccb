import holidayJp from '@holiday-jp/holiday_jp';
import { PlanType, type CalendarEvent } from '@portal/api-client';
import { tokyoMs, weekday } from './tokyo';

/**
 * Japanese national holidays (including substitute and citizens' holidays) from the data the
 * @holiday-jp/holiday_jp package ships (1970–2050), so nothing is fetched at run time.
 */
const table = holidayJp.holidays as Record<string, { date: string; name: string; name_en: string }>;

/** The table's dates in order, once: every calendar view asks for a week or a month of them. */
const DATES = Object.keys(table).sort();

export function holidaysBetween(from: string, to: string): CalendarEvent[] {
  let lo = 0;
  let hi = DATES.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (DATES[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  const out: CalendarEvent[] = [];
  for (let i = lo; i < DATES.length && DATES[i]! <= to; i++) out.push(holidayEvent(DATES[i]!));
  return out.sort((a, b) => a.starts_at - b.starts_at);
}

export function holidayEvent(date: string): CalendarEvent {
  const h = table[date]!;
  return {
    id: null,
    title: h.name,
    title_ja: h.name,
    title_en: h.name_en,
    plan_type: PlanType.NORMAL,
    repeat_type: null,
    every_week_day: [],
    every_month_day: null,
    deadline_type: null,
    end_deadline: null,
    event_start_date: date,
    event_end_date: date,
    event_start_time: '00:00',
    event_end_time: '23:59',
    starts_at: tokyoMs(date),
    ends_at: tokyoMs(date, '23:59'),
    occurrence_date: date,
    series_start_date: date,
    series_end_date: date,
    memo: '',
    event_color: '#D9363E',
    text_color: 'white',
    icon_type: null,
    week_day: weekday(date),
    share_type: null,
    group_id: null,
    group_name: null,
    accept_member_change_plan: 0,
    user_creator: null,
    user_updater: null,
    is_holiday: 1,
    can_edit: false,
    is_read: true,
    is_favorite: false,
    updated_at: 0,
  };
}
