import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, LAST_DAY_OF_MONTH } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, calls, detail, groupsAnswer, renderAt } from '../test/fixtures';
// The routes load the form on demand; loaded here first, it is ready when a test opens it.
import './EventFormPage';

// The page's code arrives through a dynamic import, which the test runner answers slowly on a busy
// machine: waits get longer than the default second (they still fail on a page that never comes).
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const people = (args: { query: { page: number; search?: string } }) => {
  const all = Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, name: i === 0 ? '鈴木 花子' : `社員 ${i}` })).filter(
    (p) => !args.query.search || p.name.includes(args.query.search),
  );
  const page = all.slice((args.query.page - 1) * 50, args.query.page * 50);
  return { items: { data: page, current_page: args.query.page, last_page: Math.max(1, Math.ceil(all.length / 50)), total: all.length } };
};
const base = {
  myGroups: groupsAnswer,
  calendarDevices: {
    items: {
      data: [{ id: 3, name: '会議室A', group_id: 1, group_name: '開発チーム', opening_time: '09:00', closing_time: '18:00' }],
      current_page: 1,
      last_page: 1,
      total: 1,
    },
  },
  calendarMembers: people,
};

describe('create and edit', () => {
  it('starts on the chosen day and ends one day later; checks end after start before sending', async () => {
    answer({ ...base, createCalendarEvent: { items: detail({ id: 9 }) } });
    renderAt('/calendar/create?date=2026-11-10');
    expect(((await screen.findByLabelText('開始日')) as HTMLInputElement).value).toBe('2026-11-10');
    expect((screen.getByLabelText('終了日') as HTMLInputElement).value).toBe('2026-11-11');
    fireEvent.change(screen.getByLabelText('タイトル（日本語）'), { target: { value: '設計レビュー' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('終了時刻'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('終了時刻は開始時刻より後の時刻を指定してください')).toBeTruthy();
    expect(calls('createCalendarEvent')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('終了時刻'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('グループ'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('赤'));
    fireEvent.click(screen.getByLabelText(/会議室A/));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls('createCalendarEvent')).toHaveLength(1));
    expect(calls('createCalendarEvent')[0]![1]).toMatchObject({
      body: {
        title_ja: '設計レビュー',
        event_start_date: '2026-11-10',
        event_end_date: '2026-11-10',
        event_start_time: '09:00',
        event_end_time: '10:00',
        event_color: '#D9363E',
        share_type: 1,
        group_id: 1,
        equipment_ids: [3],
        user_ids: [],
      },
    });
  });

  it('the Enter that confirms an IME conversion never submits', async () => {
    answer({ ...base, createCalendarEvent: { items: detail({ id: 9 }) } });
    renderAt('/calendar/create?date=2026-11-10');
    const title = await screen.findByLabelText('タイトル（日本語）');
    fireEvent.change(title, { target: { value: 'かいぎ' } });
    // fireEvent returns false when a handler called preventDefault (no implicit submission).
    expect(fireEvent.keyDown(title, { key: 'Enter', keyCode: 229 })).toBe(false);
    expect(fireEvent.keyDown(title, { key: 'Enter', keyCode: 13 })).toBe(true);
    expect(calls('createCalendarEvent')).toHaveLength(0);
  });

  it('an equipment collision names the dates and offers to refresh availability', async () => {
    const refused = new ApiError(409, 'EQUIPMENT_ALREADY_BOOKED', 'x', {
      status_code: 'EQUIPMENT_ALREADY_BOOKED',
      message: 'x',
      data: { dates: ['2026-11-17'] },
    });
    answer({ ...base, createCalendarEvent: () => Promise.reject(refused) });
    renderAt('/calendar/create?date=2026-11-10');
    fireEvent.change(await screen.findByLabelText('タイトル（日本語）'), { target: { value: '朝会' } });
    fireEvent.change(screen.getByLabelText('グループ'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect((await screen.findByText(/2026\/11\/17/)).textContent).toContain('この設備は他の予定で既に予約されています。');
    expect(screen.getByRole('button', { name: '空き状況を更新' })).toBeTruthy();
  });

  it('shares with chosen members: search, 50 per page with more, add and remove', async () => {
    answer({ ...base, createCalendarEvent: { items: detail({ id: 9 }) } });
    renderAt('/calendar/create?date=2026-11-10');
    fireEvent.click(await screen.findByLabelText('メンバーを選択して共有'));
    expect(await screen.findByText('社員 49')).toBeTruthy();
    expect(screen.queryByText('社員 50')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(await screen.findByText('社員 50')).toBeTruthy();
    const search = screen.getByLabelText('メンバーを検索');
    fireEvent.change(search, { target: { value: '鈴木' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: '鈴木 花子を追加' }));
    expect(screen.getByRole('button', { name: '鈴木 花子を外す' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('タイトル（日本語）'), { target: { value: '面談' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls('createCalendarEvent')).toHaveLength(1));
    expect(calls('createCalendarEvent')[0]![1]).toMatchObject({ body: { share_type: 2, user_ids: [100], group_id: null } });
  });

  it('a monthly repeat on the 31st warns of the months it skips and offers the last day of the month', async () => {
    answer({ ...base, createCalendarEvent: { items: detail({ id: 9 }) } });
    renderAt('/calendar/create?date=2026-12-31');
    fireEvent.change(await screen.findByLabelText('タイトル（日本語）'), { target: { value: '月末締め' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('グループ'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('繰り返し'));
    fireEvent.click(screen.getByLabelText('毎月'));
    fireEvent.click(screen.getByLabelText('無期限'));
    expect((screen.getByLabelText('毎月の日にち') as HTMLInputElement).value).toBe('31');
    expect(screen.getByRole('note').textContent).toContain('「月末（毎月の最終日）」');
    fireEvent.click(screen.getByLabelText('月末（毎月の最終日）'));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByLabelText('毎月の日にち')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(calls('createCalendarEvent')).toHaveLength(1));
    expect(calls('createCalendarEvent')[0]![1]).toMatchObject({
      body: { plan_type: 3, repeat_type: 4, every_month_day: LAST_DAY_OF_MONTH },
    });
  });

  it('editing a repeat asks the scope; "all" moves the series start by the change made', async () => {
    const repeat = detail({
      plan_type: 3,
      repeat_type: 1,
      deadline_type: 1,
      occurrence_date: '2026-11-12',
      event_start_date: '2026-11-12',
      event_end_date: '2026-11-12',
      series_start_date: '2026-11-10',
    });
    answer({ ...base, calendarEvent: { items: repeat }, updateCalendarEvent: { items: repeat } });
    renderAt('/calendar/7/edit?date=2026-11-12');
    fireEvent.change(await screen.findByLabelText('開始時刻'), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    fireEvent.click(await screen.findByRole('button', { name: 'すべての予定' }));
    await waitFor(() => expect(calls('updateCalendarEvent')).toHaveLength(1));
    expect(calls('updateCalendarEvent')[0]![1]).toMatchObject({
      params: { id: 7 },
      body: {
        edit_type: 3,
        edit_date: null,
        event: { event_start_date: '2026-11-10', event_end_date: '2026-11-10', event_start_time: '09:30' },
      },
    });
  });
});
