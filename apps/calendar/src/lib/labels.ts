import type { TFunction } from 'i18next';
import { calendarDates, type CalendarEvent } from '@portal/api-client/core';

/** The title in the reader's language, falling back to the other one. */
export function eventTitle(e: Pick<CalendarEvent, 'title' | 'title_ja' | 'title_en'>, lang: string): string {
  return (lang.startsWith('en') ? e.title_en || e.title_ja : e.title_ja || e.title_en) || e.title;
}

/** "11/4（水）" / "Wed 4/11". */
export function dayLabel(t: TFunction, date: string): string {
  return t('day_label', {
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
    weekday: t(`weekdays.${calendarDates.weekday(date)}`),
  });
}

export const slashDate = (d: string) => d.replaceAll('-', '/');

/** Key of an occurrence in a week answer's `event_continue`. */
export const occurrenceKey = (e: Pick<CalendarEvent, 'id' | 'occurrence_date'>) =>
  e.id === null ? `holiday:${e.occurrence_date}` : `${e.id}:${e.occurrence_date}`;

/**
 * The [from the day before, to the next day] flags of `e` on `date`: the answer holds one pair
 * per shown day the occurrence appears on, in day order.
 */
export function continuedOn(
  days: { date: string; events: CalendarEvent[] }[],
  flags: Record<string, [boolean, boolean][]>,
  date: string,
  e: CalendarEvent,
) {
  const key = occurrenceKey(e);
  const index = days.filter((d) => d.date < date && d.events.some((x) => occurrenceKey(x) === key)).length;
  return flags[key]?.[index];
}

export type Continued = [boolean, boolean] | undefined;

/**
 * Each occurrence's [from the day before, to the next day] flags, per day, in one pass over the
 * shown days (`continuedOn` for every chip of a month was days × events per chip). The answer
 * holds one pair per shown day the occurrence appears on, in day order.
 */
export function continuedByDay(
  days: { date: string; events: CalendarEvent[] }[],
  flags: Record<string, [boolean, boolean][]>,
): Continued[][] {
  const seen = new Map<string, number>();
  return days.map((d) =>
    d.events.map((e) => {
      const key = occurrenceKey(e);
      const index = seen.get(key) ?? 0;
      seen.set(key, index + 1);
      return flags[key]?.[index];
    }),
  );
}
