import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import SettingMenu from '../widgets/SettingMenu';
import SettingsRoutes from '.';
// The routes load these pages on demand; loaded with the test file, each test waits for React
// only, not for the first transform of a page's code on a busy machine.
import './change-info/ChangeInfoPage';
import './ChangeEmailPage';
import './ChangePasswordPage';
import './SettingDisplayPage';
import './SettingLanguagePage';
import './SettingNotifyNewsPage';
import './SettingOrderPage';
import './SettingThemePage';
import './admin/AdminArea';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(() => new Promise(() => {})) } }));

const TITLES = [
  ['account-info', 'アカウント情報'],
  ['change-email', 'メールアドレス変更'],
  ['change-password', 'パスワード変更'],
  ['setting-language', '言語設定'],
  ['change-info', 'プロフィール編集'],
  ['setting-display', '表示設定'],
  ['setting-notify-news', 'メール通知設定'],
  ['setting-order', 'グループの表示順'],
  ['setting-theme', 'テーマ設定'],
] as const;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/setting/*" element={<SettingsRoutes />} />
          <Route path="*" element={<p>shell catch-all</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('settings routes', () => {
  it('redirects /setting to account-info', async () => {
    renderAt('/setting');
    expect(screen.getByTestId('where').textContent).toBe('/setting/account-info');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('アカウント情報');
  });

  // Pages other than account-info load their code when opened: the heading arrives after it.
  it.each(TITLES)(
    '/setting/%s has the title %s and the side menu of all nine pages',
    async (path, title) => {
      renderAt(`/setting/${path}`);
      // Generous: on a busy machine the module runner's dynamic import alone took over a second.
      expect((await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).textContent).toBe(title);
      const menu = screen.getByRole('navigation', { name: '設定メニュー' });
      const links = within(menu).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(TITLES.map(([p]) => `/setting/${p}`));
      expect(within(menu).getByRole('link', { name: title }).getAttribute('aria-current')).toBe('page');
    },
    30_000,
  );

  it('sends unknown setting paths to the shell not-found page', () => {
    renderAt('/setting/nope');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
  });
});

function renderMenu(isAdmin?: boolean) {
  const client = new QueryClient();
  if (isAdmin !== undefined) client.setQueryData(['me'], { info: { is_company_admin: isAdmin } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <SettingMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('./SettingMenu', () => {
  it('links to every setting page with absolute paths', () => {
    renderMenu();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(TITLES.map(([p, t]) => [`/setting/${p}`, t]));
  });

  it('shows company administration to company administrators only', () => {
    renderMenu(false);
    expect(screen.queryByRole('link', { name: '会社管理' })).toBeNull();
    renderMenu(true);
    expect(screen.getByRole('link', { name: '会社管理' }).getAttribute('href')).toBe('/setting/admin');
  });
});
