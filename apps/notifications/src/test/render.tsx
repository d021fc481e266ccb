import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Where() {
  return <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
}

/** Renders with a fresh query client and a router; `where` shows the current location. */
export function renderWithApp(node: ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="*" element={node} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const pageOf = <T,>(data: T[], extra: Partial<{ current_page: number; last_page: number; total: number }> = {}) => ({
  items: { data, current_page: 1, last_page: 1, total: data.length, ...extra },
});

export function unreadItem(id: number, over: Record<string, unknown> = {}) {
  return {
    id: `1-${id}`,
    unread_type: 1,
    unread_target_id: id,
    group_id: 5,
    group_name: '開発チーム',
    avatar: null,
    topic_id: id,
    topic_comment_id: null,
    title: `トピック${id}`,
    content: '本文',
    update_by_user: '鈴木 花子',
    user_active_status: 0,
    emergency_contact: false,
    allow_anonymous_comment: false,
    updated_at: Date.UTC(2026, 10, 1, 3, 0),
    is_read: false,
    ...over,
  };
}
