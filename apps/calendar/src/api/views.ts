import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { allMyGroupsQuery, CALENDAR_QUERY_ROOT, DEFAULT_SETTINGS, queryKeys, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

// The queries the home week table needs, apart from the screens' others (./calendar.ts), so the
// widget's chunk on the home page carries only these.

/** Which calendar is shown: everything, mine, or a group's (the `cal` search parameter). */
export type CalendarChoice = { type: 1 | 2 } | { type: 3; group_id: number };

export function parseChoice(raw: string | null): CalendarChoice {
  if (raw === 'my') return { type: 2 };
  const g = raw?.startsWith('g') ? Number(raw.slice(1)) : NaN;
  return Number.isInteger(g) && g > 0 ? { type: 3, group_id: g } : { type: 1 };
}
export const choiceParam = (c: CalendarChoice) => (c.type === 2 ? 'my' : c.type === 3 ? `g${c.group_id}` : 'all');

export const key = (...parts: unknown[]) => [...CALENDAR_QUERY_ROOT, ...parts];

/**
 * Spec section 8: a failed calendar fetch is only logged (no error modal); each view shows its
 * own inline state (load_failed, EventProblem) instead.
 */
export const QUIET = { meta: { silent: true } } as const;

/** `days` days from `date` (aligned to `weekStart` when given), with events and holidays per day. */
export function useDays(date: string, days: number, choice: CalendarChoice, weekStart?: number) {
  return useQuery({
    queryKey: key('days', date, days, choice, weekStart ?? null),
    queryFn: async () =>
      (
        await api.call('calendarByWeek', {
          query: { date, days, ...choice, ...(weekStart === undefined ? {} : { week_start_date: weekStart }) },
        })
      ).items,
    placeholderData: keepPreviousData,
    ...QUIET,
  });
}

/** The user's first day of the week (section 9 default 1, Monday). */
export function useFirstDayOfWeek(): number {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return settings?.setting_display.first_day_of_week ?? DEFAULT_SETTINGS.first_day_of_week;
}

/** The caller's groups for the group pickers: the list home's group widget shares (allMyGroupsQuery). */
export function useMyGroups() {
  return useQuery({ ...allMyGroupsQuery(api), staleTime: 60_000 });
}
