import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { profileFixture } from '../test/profile-fixture';
import { renderInShell } from '../test/render';
import { AccountInfoPage } from './AccountInfoPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

beforeEach(() => {
  call.mockReset();
});

describe('AccountInfoPage', () => {
  it('shows name, kana, employee number, addresses and the last login in the relative display', async () => {
    const data = profileFixture({ last_login_at: Date.now() - 2 * 3600_000 - 60_000 });
    call.mockResolvedValue({ items: data } as never);
    renderInShell(<AccountInfoPage />);
    expect(await screen.findByText('鈴木 花子')).toBeTruthy();
    expect(document.title).toBe('グループポータル | アカウント情報');
    expect(screen.getByText('すずき はなこ')).toBeTruthy();
    expect(screen.getByText('E0007')).toBeTruthy();
    expect(screen.getByText(/hanako@example\.com/)).toBeTruthy();
    expect(screen.getByText('sub@example.com')).toBeTruthy();
    // The empty third address is not listed.
    expect(screen.queryByText('メールアドレス3')).toBeNull();
    expect(screen.getByText('2時間前')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('myProfile');
  });

  it('says "never" for a user who has not logged in before', async () => {
    call.mockResolvedValue({ items: profileFixture() } as never);
    renderInShell(<AccountInfoPage />);
    expect(await screen.findByText('未ログイン')).toBeTruthy();
  });
});
