import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, calls, daysAnswer, detail, ev, groupsAnswer, holiday, renderAt } from '../test/fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const views = (events = [ev(), holiday('2026-11-03', '文化の日')]) => ({
  calendarByWeek: daysAnswer(events),
  calendarEventsInRange: { items: events },
  myGroups: groupsAnswer,
  calendarFeed: { items: { active: false } },
});

describe('calendar views (spec section 2)', () => {
  it('/calendar goes to the list; the list shows events and holidays by date', async () => {
    answer(views());
    const view = renderAt('/calendar');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('カレンダー（リスト）');
    expect(await screen.findByText('文化の日')).toBeTruthy();
    expect(view.where()).toBe('/calendar/list');
    expect(document.title).toBe('グループポータル | カレンダー（リスト）');
  });

  it('the week starts on the first day of the week; events link to their preview at that date, in their colours', async () => {
    answer(views());
    renderAt('/calendar/week?date=2026-11-04');
    const link = await screen.findByRole('link', { name: /定例会議/ });
    expect(link.getAttribute('href')).toBe('/calendar/7?date=2026-11-04');
    expect(link.getAttribute('data-text-color')).toBe('white');
    // Default first day of the week is 1 (Monday): the week of 11-04 starts 11-02.
    expect(calls('calendarByWeek')[0]![1]).toEqual({ query: { date: '2026-11-04', days: 7, type: 1, week_start_date: 1 } });
    expect(screen.getByRole('gridcell', { name: /^11\/3（火）/ }).textContent).toContain('文化の日');
    expect(screen.getAllByRole('link', { name: /に予定を追加/ })[0]!.getAttribute('href')).toBe('/calendar/create?date=2026-11-02');
    expect(screen.getByRole('gridcell', { selected: true }).getAttribute('data-date')).toBe('2026-11-04');
  });

  it('the week view also moves by a day; crossing the week start shows the next week', async () => {
    answer(views());
    const view = renderAt('/calendar/week?date=2026-11-08');
    await screen.findByRole('link', { name: /定例会議/ });
    fireEvent.click(screen.getByRole('button', { name: '次の日' }));
    expect(view.where()).toBe('/calendar/week?date=2026-11-09&cal=all');
    await waitFor(() =>
      expect(calls('calendarByWeek').at(-1)![1]).toEqual({ query: { date: '2026-11-09', days: 7, type: 1, week_start_date: 1 } }),
    );
    expect(await screen.findByRole('gridcell', { name: /^11\/15（日）/ })).toBeTruthy();
  });

  it('an event that is not shared with the user says it does not exist', async () => {
    answer({ calendarEvent: () => Promise.reject(new ApiError(404, 'CALENDAR_NOT_FOUND', 'x')) });
    renderAt('/calendar/99');
    expect((await screen.findByRole('alert')).textContent).toBe('この予定は存在しません。');
  });

  it('tabs switch the view and keep the date; prev/next move by the view’s unit; the picker filters', async () => {
    answer(views());
    const view = renderAt('/calendar/week?date=2026-11-04');
    await screen.findByRole('link', { name: /定例会議/ });
    fireEvent.click(screen.getByRole('tab', { name: '月' }));
    expect(view.where()).toBe('/calendar/month?date=2026-11-04&cal=all');
    fireEvent.click(await screen.findByRole('button', { name: '次の月' }));
    expect(view.where()).toBe('/calendar/month?date=2026-12-01&cal=all');
    fireEvent.change(screen.getByLabelText('表示するカレンダー'), { target: { value: 'g1' } });
    expect(view.where()).toBe('/calendar/month?date=2026-12-01&cal=g1');
    await waitFor(() =>
      expect(calls('calendarByWeek').at(-1)![1]).toEqual({ query: { date: '2026-11-30', days: 42, type: 3, group_id: 1 } }),
    );
  });

  it('the day view lists one day', async () => {
    answer(views());
    renderAt('/calendar/day?date=2026-11-04');
    expect(await screen.findByText('10:00–11:00')).toBeTruthy();
  });
});

describe('preview and delete', () => {
  it('a repeating event asks which occurrences to delete and sends the scope with the date', async () => {
    answer({
      calendarEvent: {
        items: detail({
          plan_type: 3,
          repeat_type: 3,
          every_week_day: [2],
          deadline_type: 1,
          occurrence_date: '2026-11-17',
          event_start_date: '2026-11-17',
          event_end_date: '2026-11-17',
        }),
      },
      deleteCalendarEvent: { items: { ok: true } },
      calendarByWeek: daysAnswer([]),
      myGroups: groupsAnswer,
    });
    const view = renderAt('/calendar/7?date=2026-11-17');
    expect(await screen.findByText('毎週 火 / 無期限')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'この予定以降のすべて' }));
    await waitFor(() => expect(calls('deleteCalendarEvent')).toHaveLength(1));
    expect(calls('deleteCalendarEvent')[0]![1]).toEqual({ params: { id: 7 }, query: { delete_type: 2, delete_date: '2026-11-17' } });
    await waitFor(() => expect(view.where()).toBe('/calendar/week?date=2026-11-17'));
  });

  it('an unread event is marked read on open; without the right there is no edit or delete', async () => {
    answer({
      calendarEvent: { items: detail({ can_edit: false, is_read: false }) },
      calendarMarkRead: { items: { ok: true } },
      calendarUnreadCount: { items: { count: 0 } },
    });
    renderAt('/calendar/7');
    await screen.findByRole('heading', { name: /定例会議/ });
    await waitFor(() => expect(calls('calendarMarkRead')[0]![1]).toEqual({ body: { event_id: 7 } }));
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    expect(screen.queryByRole('link', { name: '編集' })).toBeNull();
  });
});

describe('iCalendar feed on the list view', () => {
  it('issues a URL shown once, and revokes it after confirmation', async () => {
    let active = false;
    answer({
      ...views([]),
      calendarFeed: () => ({ items: { active } }),
      createCalendarFeed: () => {
        active = true;
        return { items: { url: 'http://portal.test/service/api/v1/calendar-feed/abc.ics' } };
      },
      revokeCalendarFeed: () => {
        active = false;
        return { items: { ok: true } };
      },
    });
    renderAt('/calendar/list?date=2026-11-04');
    fireEvent.click(await screen.findByRole('button', { name: 'URLを発行' }));
    expect(((await screen.findByLabelText('購読用URL')) as HTMLInputElement).value).toBe(
      'http://portal.test/service/api/v1/calendar-feed/abc.ics',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'URLを無効にする' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'URLを無効にする' }));
    await waitFor(() => expect(calls('revokeCalendarFeed')).toHaveLength(1));
    expect(await screen.findByText('購読用のURLはまだありません。')).toBeTruthy();
  });
});
