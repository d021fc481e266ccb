import { BOOKING_HORIZON_DAYS, DeadlineType, LAST_DAY_OF_MONTH, PlanType, RepeatType } from '@portal/api-client';
import { addDays, dayOfMonth, tokyoDate, weekday } from './tokyo';

/** The rule part of an event row. */
export interface RuleRow {
  plan_type: number;
  repeat_type: number | null;
  every_week_day: string | null;
  every_month_day: number | null;
  deadline_type: number | null;
  end_deadline: string | null;
  start_date: string;
  starts_at: number;
  ends_at: number;
}

export interface ExceptionRow {
  occurrence_date: string;
  is_deleted: number;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  memo: string | null;
  event_color: string | null;
  starts_at: number | null;
  ends_at: number | null;
}

export interface Occurrence {
  /** The occurrence's start date under the rule (the key exceptions use). */
  date: string;
  starts_at: number;
  ends_at: number;
  exception: ExceptionRow | null;
}

/** A value later than any occurrence of an indefinite repeat (year 2286). */
export const FOREVER = 9_999_999_999_999;

export const weekDays = (s: string | null): number[] => (s ? s.split(',').filter(Boolean).map(Number) : []);

/** Whether `date` (on or after the start) is an occurrence date of the rule. */
export function matches(rule: RuleRow, date: string): boolean {
  if (rule.plan_type !== PlanType.REPEAT) return date === rule.start_date;
  if (date < rule.start_date) return false;
  if (rule.deadline_type === DeadlineType.TIME_LIMIT && rule.end_deadline && date > rule.end_deadline) return false;
  const wd = weekday(date);
  switch (rule.repeat_type) {
    case RepeatType.DAILY:
      return true;
    case RepeatType.DAILY_NO_WEEKEND:
      return wd !== 0 && wd !== 6;
    case RepeatType.WEEKLY: {
      const days = weekDays(rule.every_week_day);
      return days.length ? days.includes(wd) : wd === weekday(rule.start_date);
    }
    case RepeatType.MONTHLY: {
      const day = rule.every_month_day ?? dayOfMonth(rule.start_date);
      // A month without that day (31st, 30 February) simply has no occurrence; the last-day
      // rule is the way to have one every month.
      return day === LAST_DAY_OF_MONTH ? dayOfMonth(addDays(date, 1)) === 1 : dayOfMonth(date) === day;
    }
    default:
      return false;
  }
}

/** End of the rule's last possible occurrence (epoch ms), for the window index. */
export function rangeEnd(rule: RuleRow): number {
  if (rule.plan_type !== PlanType.REPEAT) return rule.ends_at;
  if (rule.deadline_type !== DeadlineType.TIME_LIMIT || !rule.end_deadline) return FOREVER;
  const dayShift = Date.parse(`${rule.end_deadline}T00:00:00Z`) - Date.parse(`${rule.start_date}T00:00:00Z`);
  return rule.ends_at + dayShift;
}

/**
 * Occurrences overlapping [from, to) (epoch ms), computed from the rule: a repeat is never
 * stored per occurrence. Deleted occurrences are dropped; edited ones carry their exception
 * (with their own times when it moved them).
 */
export function expand(rule: RuleRow, exceptions: ExceptionRow[], from: number, to: number): Occurrence[] {
  const byDate = new Map(exceptions.map((e) => [e.occurrence_date, e]));
  const length = rule.ends_at - rule.starts_at;
  const out: Occurrence[] = [];
  const push = (date: string, startMs: number) => {
    const ex = byDate.get(date) ?? null;
    if (ex?.is_deleted) return;
    const starts = ex?.starts_at ?? startMs;
    const ends = ex?.ends_at ?? startMs + length;
    if (starts < to && ends > from) out.push({ date, starts_at: starts, ends_at: ends, exception: ex });
  };
  if (rule.plan_type !== PlanType.REPEAT) {
    push(rule.start_date, rule.starts_at);
    return out;
  }
  // An occurrence that starts before `from` may still run into it; an edited one may have
  // moved up to a day, so look one day further both ways.
  let date = tokyoDate(Math.max(rule.starts_at, from - length - 86_400_000));
  if (date < rule.start_date) date = rule.start_date;
  const last = tokyoDate(to + 86_400_000);
  const startOffset = rule.starts_at - Date.parse(`${rule.start_date}T00:00:00Z`);
  for (; date <= last; date = addDays(date, 1)) {
    if (!matches(rule, date)) continue;
    push(date, Date.parse(`${date}T00:00:00Z`) + startOffset);
  }
  return out.sort((a, b) => a.starts_at - b.starts_at);
}

/**
 * The occurrences whose equipment is reserved: all of them for a single event; for a repeat
 * those starting within BOOKING_HORIZON_DAYS of its first day (an indefinite repeat cannot
 * hold rows for ever; later occurrences are booked when the event is saved again).
 */
export function bookingOccurrences(rule: RuleRow, exceptions: ExceptionRow[]): Occurrence[] {
  const horizon = Date.parse(`${addDays(rule.start_date, BOOKING_HORIZON_DAYS)}T00:00:00Z`) - 9 * 3_600_000;
  return expand(rule, exceptions, rule.starts_at, Math.min(rangeEnd(rule), horizon));
}
