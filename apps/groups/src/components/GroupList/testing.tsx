import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GroupListItem } from '@portal/api-client/core';
import { ModalProvider } from '@portal/ui';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders inside the providers the shell gives a widget; `where` shows the current path. */
export function renderWidget(ui: ReactNode, { path = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function group(id: number, name: string, extra: Partial<GroupListItem> = {}): GroupListItem {
  return { id, name, icon_image_small_path: null, unread_count: 0, can_notify: true, folder: null, display_order: id, ...extra };
}

/** A page envelope as GET members/me/groups returns it. */
export function pageOf(data: GroupListItem[], current_page = 1, last_page = 1, total = data.length) {
  return { items: { data, current_page, last_page, total } };
}
