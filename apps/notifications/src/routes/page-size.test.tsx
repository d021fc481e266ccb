import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import NotificationsRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({
  api: { call: vi.fn(async () => ({ items: { data: [], current_page: 1, last_page: 1, total: 0, ok: true } })) },
}));

describe('list page size (spec section 9: setting_display.number_item_lists)', () => {
  it.each([
    ['/notification/unread', 'unreadList', '未読の通知はありません。'],
    ['/notification/favourite', 'favoriteList', 'お気に入りはありません。'],
    ['/notification/like', 'likeList', 'いいねの通知はありません。'],
  ])('%s asks %s for the stored number of items', async (url, call, empty) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(queryKeys.settings(), {
      ...DEFAULT_USER_SETTINGS,
      setting_display: { ...DEFAULT_USER_SETTINGS.setting_display, number_item_lists: 25 },
    });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/notification/*" element={<NotificationsRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(empty)).toBeTruthy();
    const asked = vi.mocked(api.call).mock.calls.filter(([n]) => n === call);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every(([, args]) => (args as { query: { limit: number } }).query.limit === 25)).toBe(true);
  });
});
