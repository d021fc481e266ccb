import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ChatRoutes from '.';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /chat/*. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/chat/*" element={<ChatRoutes />} />
        <Route path="*" element={<p>shell catch-all</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// [url, page title, path after a redirect]
const PAGES: [string, string, string | null][] = [
  ['/chat', 'チャット', '/chat/list'],
  ['/chat/detail/12', 'チャット詳細', null],
];

describe('chat routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s as not available yet', async (url, title, redirected) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
    if (redirected) expect(screen.getByTestId('where').textContent).toBe(redirected);
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/chat/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
