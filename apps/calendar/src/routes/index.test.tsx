import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import CalendarRoutes from '.';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts it: on a splat route at /calendar/*. */
function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/calendar/*" element={<CalendarRoutes />} />
        <Route path="*" element={<p>shell catch-all</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// [url, page title, path after a redirect]
const PAGES: [string, string, string | null][] = [
  ['/calendar', 'カレンダー（リスト）', '/calendar/list'],
  ['/calendar/day', 'カレンダー（日）', null],
  ['/calendar/week', 'カレンダー（週）', null],
  ['/calendar/month', 'カレンダー（月）', null],
  ['/calendar/create', '予定の作成', null],
  ['/calendar/31', '予定の詳細', null],
  ['/calendar/31/edit', '予定の編集', null],
];

describe('calendar routes (spec section 2)', () => {
  it.each(PAGES)('%s shows %s as not available yet', async (url, title, redirected) => {
    renderAt(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
    expect(document.title).toBe(`グループポータル | ${title}`);
    if (redirected) expect(screen.getByTestId('where').textContent).toBe(redirected);
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/calendar/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
