import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { ModalProvider } from '@portal/ui';
import CommonTopicRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /common-topic/*. */
function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
    <ModalProvider>
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/common-topic/*" element={<CommonTopicRoutes />} />
        <Route path="*" element={<p>shell catch-all</p>} />
      </Routes>
      <Where />
    </MemoryRouter>
    </ModalProvider>
    </QueryClientProvider>,
  );
}

// [url, page title, path after a redirect] — the shared folder pages come with the file work.
const PAGES: [string, string, string | null][] = [
  ['/common-topic/shared-folder', '共通共有フォルダ', null],
  ['/common-topic/shared-folder/file/2', 'ファイル詳細', null],
  ['/common-topic/shared-folder/file/2/file-overwrite', 'ファイル上書き', null],
  ['/common-topic/shared-folder/file/2/update-information', 'ファイル情報編集', null],
];

describe('common-topic routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s as not available yet', async (url, title, redirected) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
    if (redirected) expect(screen.getByTestId('where').textContent).toBe(redirected);
  });

  it('redirects /common-topic to the topics feed', async () => {
    vi.mocked(api.call).mockImplementation((async (name: string) =>
      name === 'commonTopicUnreadCount' ? { items: { count: 0 } } : { items: { data: [], current_page: 1, has_more: false, next_cursor: null } }) as never);
    renderAt('/common-topic');
    expect(await screen.findByRole('heading', { level: 1, name: '共通トピック' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/common-topic/topics');
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/common-topic/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
