import { calendarDates as cd, type CalendarEventBody, type CalendarEventDetail } from '@portal/api-client/core';
import type { Person } from '../components/MemberPicker/MemberPicker';

/** The form's values: the request body, with chosen members kept with their names. */
export type FormState = Omit<CalendarEventBody, 'user_ids'> & { members: Person[] };

/** Spec section 2: a new event starts on the chosen day and ends one day later. */
export function emptyForm(date: string): FormState {
  return {
    title_ja: '',
    title_en: '',
    plan_type: 1,
    repeat_type: null,
    every_week_day: [],
    every_month_day: null,
    deadline_type: null,
    end_deadline: null,
    event_start_date: date,
    event_end_date: cd.addDays(date, 1),
    event_start_time: '09:00',
    event_end_time: '10:00',
    memo: '',
    event_color: '#FFFFFF',
    share_type: 1,
    group_id: null,
    members: [],
    equipment_ids: [],
    accept_member_change_plan: 0,
  };
}

/** The form for an existing event, at the occurrence it was opened on. */
export function formOf(e: CalendarEventDetail): FormState {
  return {
    title_ja: e.title_ja,
    title_en: e.title_en,
    plan_type: e.plan_type as 1 | 2 | 3,
    repeat_type: e.repeat_type as FormState['repeat_type'],
    every_week_day: e.every_week_day,
    every_month_day: e.every_month_day,
    deadline_type: e.deadline_type as FormState['deadline_type'],
    end_deadline: e.end_deadline,
    event_start_date: e.event_start_date,
    event_end_date: e.event_end_date,
    event_start_time: e.event_start_time,
    event_end_time: e.event_end_time,
    memo: e.memo,
    event_color: e.event_color,
    share_type: (e.share_type ?? 1) as 1 | 2,
    group_id: e.group_id,
    members: e.members,
    equipment_ids: e.equipments.map((q) => q.id),
    accept_member_change_plan: e.accept_member_change_plan as 0 | 1,
  };
}

export function bodyOf(f: FormState): CalendarEventBody {
  const { members, ...rest } = f;
  return { ...rest, user_ids: members.map((m) => m.id), group_id: f.share_type === 1 ? f.group_id : null };
}

/**
 * Saving "all" of a repeat from one occurrence's form: the change of dates the user made is
 * applied to the series' first day instead.
 */
export function shiftToSeries(body: CalendarEventBody, occurrenceDate: string, seriesStart: string): CalendarEventBody {
  const shift = cd.daysBetween(occurrenceDate, body.event_start_date);
  const length = cd.daysBetween(body.event_start_date, body.event_end_date);
  const start = cd.addDays(seriesStart, shift);
  return { ...body, event_start_date: start, event_end_date: cd.addDays(start, length) };
}
