import { EVENT_COLORS, PlanType, type CalendarEvent } from '@portal/api-client';
import { type EventRow, userRef } from './queries';
import { weekDays, type Occurrence } from './repeat';
import { addDays, daysBetween, tokyoDate, tokyoTime, weekday } from './tokyo';

/** The spec's text colour per background: black on the first four colours, white on the last four. */
export function textColor(hex: string): 'black' | 'white' {
  return EVENT_COLORS.find((c) => c.hex.toLowerCase() === hex.toLowerCase())?.text ?? 'black';
}

/** Creator, or anyone it is shared with when the creator allowed changes (section 6). */
export const canEdit = (row: Pick<EventRow, 'creator_id' | 'accept_member_change_plan'>, userId: number) =>
  row.creator_id === userId || row.accept_member_change_plan === 1;

export const isUnread = (row: Pick<EventRow, 'updater_id' | 'updated_at' | 'read_at'>, userId: number) =>
  row.updater_id !== userId && (row.read_at === null || Number(row.read_at) < Number(row.updated_at));

/** One occurrence as the views show it. */
export function toEvent(row: EventRow, occ: Occurrence, userId: number): CalendarEvent {
  const ex = occ.exception;
  const color = ex?.event_color ?? row.event_color;
  const titleJa = ex?.title_ja ?? row.title_ja;
  const titleEn = ex?.title_en ?? row.title_en;
  const seriesDays = daysBetween(row.start_date, row.end_date);
  return {
    id: row.id,
    title: ex?.title ?? row.title,
    title_ja: titleJa,
    title_en: titleEn,
    plan_type: row.plan_type,
    repeat_type: row.repeat_type,
    every_week_day: weekDays(row.every_week_day),
    every_month_day: row.every_month_day,
    deadline_type: row.deadline_type,
    end_deadline: row.end_deadline,
    event_start_date: tokyoDate(occ.starts_at),
    event_end_date: tokyoDate(occ.ends_at),
    event_start_time: tokyoTime(occ.starts_at),
    event_end_time: tokyoTime(occ.ends_at),
    starts_at: occ.starts_at,
    ends_at: occ.ends_at,
    occurrence_date: occ.date,
    series_start_date: row.start_date,
    series_end_date: addDays(row.start_date, seriesDays),
    memo: ex?.memo ?? row.memo,
    event_color: color,
    text_color: textColor(color),
    icon_type: row.plan_type === PlanType.REPEAT ? 'repeat' : row.plan_type === PlanType.DURRATION ? 'duration' : null,
    week_day: weekday(tokyoDate(occ.starts_at)),
    share_type: row.share_type,
    group_id: row.group_id,
    group_name: row.group_name ?? null,
    accept_member_change_plan: row.accept_member_change_plan,
    user_creator: userRef(row.creator_id, row.creator_last, row.creator_first),
    user_updater: userRef(row.updater_id, row.updater_last, row.updater_first),
    is_holiday: 0,
    can_edit: canEdit(row, userId),
    is_read: !isUnread(row, userId),
    is_favorite: row.favorite_at !== null,
    updated_at: Number(row.updated_at),
  };
}

/** Key of an occurrence in `event_continue`. */
export const occurrenceKey = (e: CalendarEvent) => (e.id === null ? `holiday:${e.occurrence_date}` : `${e.id}:${e.occurrence_date}`);

/**
 * Puts each event on every day it touches and, per event, one [from the day before, to the
 * next day] flag pair per shown day it appears on (section 3's per-day continue flags).
 */
export function groupByDay(days: string[], events: CalendarEvent[]) {
  const data = days.map((date) => ({ date, events: [] as CalendarEvent[] }));
  const eventContinue: Record<string, [boolean, boolean][]> = {};
  for (const e of events) {
    // An event ending exactly at midnight does not spill onto the next day.
    const lastDay = tokyoDate(e.ends_at - 1);
    const flags: [boolean, boolean][] = [];
    for (const day of data) {
      if (day.date < e.event_start_date || day.date > lastDay) continue;
      day.events.push(e);
      flags.push([day.date > e.event_start_date, day.date < lastDay]);
    }
    if (flags.length) eventContinue[occurrenceKey(e)] = flags;
  }
  return { data, event_continue: eventContinue };
}
