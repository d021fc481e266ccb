import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { renderWithApp, unreadItem } from '../test/render';
import TodoPage from './TodoPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

describe('/todo', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (name: string) => {
      if (name === 'todo')
        return {
          items: {
            join_requests: [{ group_id: 3, group_name: '総務部', count: 2 }],
            emergency_topics: [unreadItem(9, { title: '台風接近', emergency_contact: true })],
            today_events: [
              {
                id: 7,
                title: '朝会',
                occurrence_date: '2026-11-02',
                event_start_time: '10:00',
                event_end_time: '10:30',
                starts_at: 1,
                ends_at: 2,
                group_name: '総務部',
              },
            ],
            tasks: [{ id: 1, title: '経費精算', done: false, created_at: 1, updated_at: 1 }],
          },
        } as never;
      return { items: {} } as never;
    });
  });

  it('gathers approvals, emergencies and tasks under the ToDo title', async () => {
    renderWithApp(<TodoPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ToDo');
    expect(document.title).toBe('グループポータル | ToDo');
    expect((await screen.findByRole('link', { name: '総務部：2 件の参加リクエスト' })).getAttribute('href')).toBe(
      '/group/3/members/join-request',
    );
    expect(screen.getByRole('link', { name: '台風接近' }).getAttribute('href')).toBe('/group/5/topic/9');
    expect(screen.getByText('経費精算')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '今日の予定' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '朝会' }).getAttribute('href')).toBe('/calendar/7?date=2026-11-02');
    expect(screen.getByText('10:00〜10:30')).toBeTruthy();
  });

  it('adds a task on Enter but not on the Enter that confirms an IME conversion; ticks and deletes', async () => {
    renderWithApp(<TodoPage />);
    const input = await screen.findByRole('textbox', { name: '新しいタスク' });
    fireEvent.change(input, { target: { value: '日報を書く' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(call).not.toHaveBeenCalledWith('createTodoTask', expect.anything());
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(call).toHaveBeenCalledWith('createTodoTask', { body: { title: '日報を書く' } }));
    fireEvent.click(screen.getByRole('checkbox', { name: '経費精算' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('updateTodoTask', { params: { id: 1 }, body: { done: true } }));
    fireEvent.click(screen.getByRole('button', { name: '「経費精算」を削除' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('deleteTodoTask', { params: { id: 1 } }));
  });
});
