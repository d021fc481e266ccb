import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDates as cd } from '@portal/api-client/core';
import { answer, call, calls, daysAnswer, ev, groupsAnswer } from '../test/fixtures';
import WeekTable from './WeekTable';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
beforeEach(() => {
  call().mockReset();
});

function renderWidget() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <WeekTable />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WeekTable (home)', () => {
  it('shows seven days from the week start with a create shortcut on each, and moves by day or week', async () => {
    const start = cd.weekStart(cd.tokyoToday(), 1);
    answer({ calendarByWeek: daysAnswer([ev({ event_start_date: start, occurrence_date: start })]), myGroups: groupsAnswer });
    renderWidget();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('週間カレンダー');
    expect(await screen.findByRole('link', { name: /定例会議/ })).toBeTruthy();
    const adds = screen.getAllByRole('link', { name: /に予定を追加/ });
    expect(adds).toHaveLength(7);
    expect(adds[0]!.getAttribute('href')).toBe(`/calendar/create?date=${start}`);
    fireEvent.click(screen.getByRole('button', { name: '次の日' }));
    await waitFor(() => expect(calls('calendarByWeek').at(-1)![1]).toEqual({ query: { date: cd.addDays(start, 1), days: 7, type: 1 } }));
    fireEvent.click(screen.getByRole('button', { name: '前の週' }));
    await waitFor(() => expect(calls('calendarByWeek').at(-1)![1]).toEqual({ query: { date: cd.addDays(start, -6), days: 7, type: 1 } }));
    fireEvent.change(screen.getByLabelText('表示するカレンダー'), { target: { value: 'my' } });
    await waitFor(() => expect(calls('calendarByWeek').at(-1)![1]).toEqual({ query: { date: cd.addDays(start, -6), days: 7, type: 2 } }));
  });
});
