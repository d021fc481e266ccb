import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import NotificationsRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({
  api: { call: vi.fn(async () => ({ items: { data: [], current_page: 1, last_page: 1, total: 0, ok: true } })) },
}));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /notification/*. */
function renderAt(url: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/notification/*" element={<NotificationsRoutes />} />
          <Route path="*" element={<p>shell catch-all</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const PAGES: [string, string, string][] = [
  ['/notification/unread', '未読一覧', '未読の通知はありません。'],
  ['/notification/favourite', 'お気に入り一覧', 'お気に入りはありません。'],
  ['/notification/like', 'いいね一覧', 'いいねの通知はありません。'],
];

describe('notifications routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s with its list', async (url, title, empty) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(await screen.findByText(empty)).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
  });

  it('/notification goes to the unread list', async () => {
    renderAt('/notification');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('未読一覧');
    expect(screen.getByTestId('where').textContent).toBe('/notification/unread');
  });

  it('the like page marks likes read when opened', async () => {
    renderAt('/notification/like');
    await screen.findByText('いいねの通知はありません。');
    expect(vi.mocked(api.call)).toHaveBeenCalledWith('markReadAllLike');
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/notification/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
