import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_QUERY_ROOT, type CalendarEventBody } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { key, QUIET, type CalendarChoice } from './views';

export { choiceParam, parseChoice, useDays, useFirstDayOfWeek, useMyGroups, type CalendarChoice } from './views';

export function useRange(startDate: string, endDate: string, choice: CalendarChoice) {
  return useQuery({
    queryKey: key('range', startDate, endDate, choice),
    queryFn: async () =>
      (
        await api.call('calendarEventsInRange', {
          query: { startDate, endDate, optionDisplay: choice.type, ...(choice.type === 3 ? { group_id: choice.group_id } : {}) },
        })
      ).items,
    placeholderData: keepPreviousData,
    ...QUIET,
  });
}

export function useEvent(id: number, date: string | null) {
  return useQuery({
    queryKey: key('event', id, date),
    queryFn: async () => (await api.call('calendarEvent', { params: { id }, query: date ? { date } : {} })).items,
    ...QUIET,
  });
}

/** The member picker's source: 50 per page, more appended on demand. */
export function useMembers(search: string) {
  return useInfiniteQuery({
    queryKey: key('members', search),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (await api.call('calendarMembers', { query: { page: pageParam, limit: 50, ...(search ? { search } : {}) } })).items,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    ...QUIET,
  });
}

export function useDevices() {
  return useQuery({
    queryKey: key('devices'),
    queryFn: async () => (await api.call('calendarDevices', { query: { page: 1, limit: 100 } })).items.data,
    ...QUIET,
  });
}

export function useUnreadCount() {
  return useQuery({ queryKey: key('unread-count'), queryFn: async () => (await api.call('calendarUnreadCount')).items.count, ...QUIET });
}

export function useCalendarActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
  return {
    refresh,
    create: useMutation({
      mutationFn: (body: CalendarEventBody) => api.call('createCalendarEvent', { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (a: { id: number; event: CalendarEventBody; edit_type: 1 | 2 | 3; edit_date: string | null }) =>
        api.call('updateCalendarEvent', { params: { id: a.id }, body: { event: a.event, edit_type: a.edit_type, edit_date: a.edit_date } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (a: { id: number; delete_type: 1 | 2 | 3; delete_date?: string }) =>
        api.call('deleteCalendarEvent', {
          params: { id: a.id },
          query: { delete_type: a.delete_type, ...(a.delete_date ? { delete_date: a.delete_date } : {}) },
        }),
      onSuccess: refresh,
    }),
    favorite: useMutation({
      mutationFn: (id: number) => api.call('calendarMarkFavorite', { params: { id } }),
      onSuccess: refresh,
    }),
    markRead: useMutation({
      mutationFn: (id: number) => api.call('calendarMarkRead', { body: { event_id: id } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: key('unread-count') }),
    }),
  };
}
