import { vi } from 'vitest';
import { calendarDates, type CalendarEvent, type CalendarEventDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { answerCalls, renderRemote } from '@portal/content/testing';
import CalendarRoutes from '../routes';

export const call = () => vi.mocked(api.call);
export const calls = (name: string) => call().mock.calls.filter(([n]) => n === name);
export const answer = (handlers: Parameters<typeof answerCalls>[1]) => answerCalls(call(), handlers);
export const renderAt = (url: string) => renderRemote(url, { mount: '/calendar', routes: CalendarRoutes, staleForever: true });

export function ev(over: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 7,
    title: '定例会議',
    title_ja: '定例会議',
    title_en: 'Weekly meeting',
    plan_type: 1,
    repeat_type: null,
    every_week_day: [],
    every_month_day: null,
    deadline_type: null,
    end_deadline: null,
    event_start_date: '2026-11-04',
    event_end_date: '2026-11-04',
    event_start_time: '10:00',
    event_end_time: '11:00',
    starts_at: 0,
    ends_at: 0,
    occurrence_date: '2026-11-04',
    series_start_date: '2026-11-04',
    series_end_date: '2026-11-04',
    memo: '',
    event_color: '#2E8B57',
    text_color: 'white',
    icon_type: null,
    week_day: 3,
    share_type: 1,
    group_id: 1,
    group_name: '開発チーム',
    accept_member_change_plan: 0,
    user_creator: { id: 1, name: '佐藤 太郎' },
    user_updater: { id: 1, name: '佐藤 太郎' },
    is_holiday: 0,
    can_edit: true,
    is_read: true,
    is_favorite: false,
    updated_at: 0,
    ...over,
  };
}

export const detail = (over: Partial<CalendarEventDetail> = {}): CalendarEventDetail => ({
  ...ev(),
  members: [],
  equipments: [],
  booked_until: null,
  ...over,
});

export const holiday = (date: string, title: string) =>
  ev({
    id: null,
    title,
    title_ja: title,
    title_en: title,
    event_start_date: date,
    event_end_date: date,
    occurrence_date: date,
    is_holiday: 1,
    can_edit: false,
  });

/** A calendar-by-week answer: the asked days, with the given events on their start day. */
export function daysAnswer(events: CalendarEvent[]) {
  return (args: { query: { date: string; days?: number; week_start_date?: number } }) => {
    const days = [];
    const first =
      args.query.week_start_date === undefined ? args.query.date : calendarDates.weekStart(args.query.date, args.query.week_start_date);
    for (let i = 0; i < (args.query.days ?? 7); i++) {
      const d = calendarDates.addDays(first, i);
      days.push({ date: d, events: events.filter((e) => e.event_start_date === d) });
    }
    return { items: { data: days, event_continue: {} } };
  };
}

export const groupsAnswer = {
  items: {
    data: [{ id: 1, name: '開発チーム', icon_image_small_path: null, unread_count: 0, can_notify: true, folder: null, display_order: 0 }],
    current_page: 1,
    last_page: 1,
    total: 1,
  },
};
