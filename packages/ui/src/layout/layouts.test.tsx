import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompactLayout, FullLayout } from './layouts';

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FullLayout', () => {
  it('renders the landmarks and the support company copyright', () => {
    render(
      <FullLayout
        header={
          <header>
            <nav aria-label="メインメニュー">
              <a href="/">ホーム</a>
            </nav>
          </header>
        }
        overlay={<div role="dialog" aria-label="グループ" />}
        banner={<span>バナー</span>}
        footer={<span>リンク</span>}
      >
        <p>本文</p>
      </FullLayout>,
    );
    expect(screen.getByRole('navigation', { name: 'メインメニュー' }).textContent).toBe('ホーム');
    expect(screen.getByRole('dialog', { name: 'グループ' })).toBeTruthy();
    expect(screen.getByText('バナー')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('本文');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('リンク');
    expect(footer.textContent).toContain(`Copyright © ${new Date().getFullYear()} ポータルサポート株式会社`);
  });
});

describe('CompactLayout', () => {
  it('puts the brand and extra tools in the header, and the page without a card when untitled', () => {
    stubNotification('granted');
    render(
      <CompactLayout brand={<a href="/">ポータル</a>} tools={<button type="button">EN</button>}>
        <section aria-label="フォーム">form</section>
      </CompactLayout>,
    );
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('ポータル');
    expect(header.textContent).toContain('EN');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('form');
  });

  it('shows the bell while permission was never asked, and hides it after asking', async () => {
    const requestPermission = stubNotification('default');
    render(<CompactLayout title="ログイン">form</CompactLayout>);
    expect(screen.getByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy();
    const bell = screen.getByRole('button', { name: 'ブラウザ通知を許可する' });
    await act(async () => {
      fireEvent.click(bell);
    });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'ブラウザ通知を許可する' })).toBeNull();
  });

  it.each(['granted', 'denied'] as const)('hides the bell when permission is %s', (permission) => {
    stubNotification(permission);
    render(<CompactLayout title="ログイン">form</CompactLayout>);
    expect(screen.queryByRole('button', { name: 'ブラウザ通知を許可する' })).toBeNull();
  });
});
