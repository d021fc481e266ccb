import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { answer, renderAt } from '../test/fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

describe('calendar fetch failures (spec section 8: only logged)', () => {
  it('a failed month is shown inline, and every calendar query is marked silent for the error modal', async () => {
    const fail = () => {
      throw new ApiError(500, 'SERVER_ERROR', 'down');
    };
    answer({
      calendarByWeek: fail,
      calendarEventsInRange: fail,
      myGroups: { items: { data: [], current_page: 1, last_page: 1, total: 0 } },
      calendarFeed: { items: { active: false } },
    });
    const view = renderAt('/calendar/month?date=2026-11-04');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '予定を読み込めませんでした。');
    const calendar = view.queryClient.getQueryCache().findAll({ queryKey: ['calendar'] });
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.every((q) => q.meta?.silent === true)).toBe(true);
  });
});
