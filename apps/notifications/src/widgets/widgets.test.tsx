import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { pageOf, renderWithApp, unreadItem } from '../test/render';
import NavbarNotifications from './NavbarNotifications';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const like = {
  id: '1-4',
  like_type: 1,
  like_target_id: 4,
  group_id: 5,
  topic_id: 4,
  comment_id: null,
  like_target: '新製品',
  like_character_change: '👏',
  comment_content: null,
  like_count: 3,
  update_by_user: [{ name: '鈴木 花子', user_active_status: 0 }],
  updated_at: 1,
  is_read: false,
};

describe('NavbarNotifications', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (name: string, args?: unknown) => {
      const kind = (args as { params?: { kind?: number } } | undefined)?.params?.kind;
      if (name === 'notificationCount') return { items: { count: kind === 1 ? 120 : 2 } } as never;
      if (name === 'favoriteCount') return { items: { count: 4, unread: 1 } } as never;
      if (name === 'unreadList') return pageOf([unreadItem(1)]) as never;
      if (name === 'likeList') return pageOf([like]) as never;
      if (name === 'me') return { items: { info: { is_company_admin: false } } } as never;
      return { items: { ok: true } } as never;
    });
  });

  it('shows the three counts (+99 cap) and the newest unread items', async () => {
    renderWithApp(<NavbarNotifications />);
    await waitFor(() => expect(screen.getByTestId('navbar-unread').textContent).toBe('未読 (+99)'));
    expect(screen.getByTestId('navbar-like').textContent).toBe('いいね (2)');
    expect(screen.getByTestId('navbar-favourite').textContent).toBe('お気に入り (1)');
    expect(await screen.findByText('トピック1')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('unreadList', { query: { page: 1, limit: 5 } });
    expect(screen.queryByRole('link', { name: /ニュース管理/ })).toBeNull();
  });

  it('offers the news administration page to the company administrator', async () => {
    const plain = call.getMockImplementation()!;
    call.mockImplementation(async (name: string, args?: unknown) =>
      name === 'me' ? ({ items: { info: { is_company_admin: true } } } as never) : plain(name as never, args as never),
    );
    renderWithApp(<NavbarNotifications />);
    expect((await screen.findByRole('link', { name: 'ニュース管理（会社管理者）' })).getAttribute('href')).toBe('/notification/news-admin');
  });

  it('opening the like tab marks every like read (section 4) and lists who liked what', async () => {
    renderWithApp(<NavbarNotifications />);
    await waitFor(() => expect(screen.getByTestId('navbar-like').textContent).toBe('いいね (2)'));
    fireEvent.click(screen.getByRole('tab', { name: /いいね/ }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('markReadAllLike'));
    expect(await screen.findByText('新製品')).toBeTruthy();
    expect(screen.getByText('👏')).toBeTruthy();
    expect(screen.getByText(/ほか 2 人/)).toBeTruthy();
  });
});
