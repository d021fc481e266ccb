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
      <FullLayout header={<span>ヘッダー</span>} nav={<a href="/">ホーム</a>} banner={<span>バナー</span>} footer={<span>リンク</span>}>
        <p>本文</p>
      </FullLayout>,
    );
    expect(screen.getByRole('banner').textContent).toBe('ヘッダー');
    expect(screen.getByRole('navigation', { name: 'メインメニュー' }).textContent).toBe('ホーム');
    expect(screen.getByRole('main').textContent).toBe('本文');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('リンク');
    expect(footer.textContent).toContain(`Copyright © ${new Date().getFullYear()} ポータルサポート株式会社`);
  });
});

describe('CompactLayout', () => {
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
