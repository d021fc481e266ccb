import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { allMyGroupsQuery, CALENDAR_QUERY_ROOT, queryKeys, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { calendarDaysQuery, firstDayOfWeek, parseChoice, type CalendarChoice } from '@portal/api-client/page-queries';

// The queries the home week table needs, apart from the screens' others (./calendar.ts), so the
// widget's chunk on the home page carries only these.

export { parseChoice, type CalendarChoice };
export const choiceParam = (c: CalendarChoice) => (c.type === 2 ? 'my' : c.type === 3 ? `g${c.group_id}` : 'all');

export const key = (...parts: unknown[]) => [...CALENDAR_QUERY_ROOT, ...parts];

/**
 * Spec section 8: a failed calendar fetch is only logged (no error modal); each view shows its
 * own inline state (load_failed, EventProblem) instead.
 */
export const QUIET = { meta: { silent: true } } as const;

/** `days` days from `date` (aligned to `weekStart` when given), with events and holidays per day. */
export function useDays(date: string, days: number, choice: CalendarChoice, weekStart?: number) {
  return useQuery({ ...calendarDaysQuery(api, date, days, choice, weekStart), placeholderData: keepPreviousData, ...QUIET });
}

/** The user's first day of the week (section 9 default 1, Monday). */
export function useFirstDayOfWeek(): number {
  return firstDayOfWeek(useQueryClient().getQueryData<Settings>(queryKeys.settings()));
}

/** The caller's groups for the group pickers: the list home's group widget shares (allMyGroupsQuery). */
export function useMyGroups() {
  return useQuery({ ...allMyGroupsQuery(api), staleTime: 60_000 });
}
