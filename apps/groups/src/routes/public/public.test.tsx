import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { clearSession, setSession } from '@portal/api-client/session';
import { answer, call } from '../test-utils';
import GroupPreviewPage from './GroupPreviewPage';
import RegisterPage from './RegisterPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** The two routes as the shell mounts them under its compact layout. */
function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/group/:groupLink/preview" element={<GroupPreviewPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const preview = (type: 'link' | 'mail') => ({
  items: {
    type,
    email: type === 'mail' ? 'new@x.jp' : null,
    expires_at: null,
    group: { name: '営業部', icon_image_small_path: null, letter_color: 1, member_count: 3 },
  },
});

beforeEach(() => {
  call().mockReset();
});
afterEach(() => clearSession(false));

describe('group preview', () => {
  it('offers register and login to a visitor', async () => {
    answer({ invitePreview: preview('link') });
    renderAt('/group/tok123/preview');
    expect(await screen.findByText('営業部')).toBeTruthy();
    expect(document.title).toContain('グループへの招待');
    expect(screen.getByRole('link', { name: '新規登録して参加を申請' }).getAttribute('href')).toBe('/register?link=tok123&type=2');
    expect(screen.getByRole('link', { name: 'ログインして参加を申請' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fgroup%2Ftok123%2Fpreview',
    );
    expect(call().mock.calls).toEqual([['invitePreview', { params: { uniqueUrl: 'tok123' } }]]);
    expect(screen.getByRole('note').textContent).toBe('QRコードを利用するにはログインしてください');
  });

  it('does not ask a mail invitee to log in for a QR code', async () => {
    answer({ invitePreview: preview('mail') });
    renderAt('/group/tok123/preview');
    expect(await screen.findByText('営業部')).toBeTruthy();
    expect(screen.queryByText('QRコードを利用するにはログインしてください')).toBeNull();
  });

  it('asks to log in again when the session ended before the join request', async () => {
    setSession({ accessToken: 't', user: { id: 2, name: 'x' } });
    answer({ invitePreview: preview('link'), requestToJoin: () => Promise.reject(new ApiError(401, 'TOKEN_EXPIRED', 'x')) });
    renderAt('/group/tok123/preview');
    fireEvent.click(await screen.findByRole('button', { name: '参加を申請する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('QRコードを利用するにはログインしてください');
  });

  it('lets a logged-in user ask to join and shows ALREADY_IN_GROUP plainly', async () => {
    setSession({ accessToken: 't', user: { id: 2, name: 'x' } });
    let already = true;
    answer({
      invitePreview: preview('link'),
      requestToJoin: () => (already ? Promise.reject(new ApiError(400, 'ALREADY_IN_GROUP', 'x')) : { items: { id: 3, status: 'pending' } }),
    });
    renderAt('/group/tok123/preview');
    fireEvent.click(await screen.findByRole('button', { name: '参加を申請する' }));
    expect(await screen.findByText('既にこのグループに参加しています。')).toBeTruthy();
    already = false;
    fireEvent.click(screen.getByRole('button', { name: '参加を申請する' }));
    expect(await screen.findByText('参加申請を送信しました。管理者の承認をお待ちください。')).toBeTruthy();
    expect(call().mock.calls.filter(([n]) => n === 'requestToJoin')).toEqual([
      ['requestToJoin', { params: { group_link: 'tok123' } }],
      ['requestToJoin', { params: { group_link: 'tok123' } }],
    ]);
  });

  it('explains an unusable link', async () => {
    answer({ invitePreview: () => Promise.reject(new ApiError(400, 'LINK_UNUSABLE', 'x')) });
    renderAt('/group/dead/preview');
    expect(await screen.findByText('このQRコードまたはURLは使用できません。グループの管理者にお問い合わせください。')).toBeTruthy();
  });
});

describe('register', () => {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

  it('registers from a mail invitation with the invited address fixed, kana checked, exact body', async () => {
    let dup = true;
    answer({
      invitePreview: preview('mail'),
      registerFromInvite: () =>
        dup ? Promise.reject(new ApiError(400, 'EMPLOYEE_NUMBER_USED', 'x')) : { items: { user_id: 9, join_request_id: 4 } },
    });
    renderAt('/register?link=mailtok&type=1');
    const email = (await screen.findByLabelText(/メールアドレス/, { selector: 'input' })) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('new@x.jp'));
    expect(email.readOnly).toBe(true);
    fill(/^姓/, '田中');
    fill(/^名/, '花子');
    fill(/せい（ふりがな）/, 'タナカ');
    fill(/めい（ふりがな）/, 'はなこ');
    fill(/ログインID/, 'E0100');
    fill(/^パスワード必須/, 'Secret#2026');
    fill(/パスワード（確認）/, 'Secret#2026');
    fireEvent.click(screen.getByRole('button', { name: '登録して参加を申請' }));
    expect(await screen.findByText(/ひらがな/, { selector: '[role=alert]' })).toBeTruthy();
    expect(call().mock.calls.map(([n]) => n)).toEqual(['invitePreview']);

    fill(/せい（ふりがな）/, 'たなか');
    fireEvent.click(screen.getByRole('button', { name: '登録して参加を申請' }));
    expect(await screen.findByText('このログインIDは既に使用されています。')).toBeTruthy();
    dup = false;
    fireEvent.click(screen.getByRole('button', { name: '登録して参加を申請' }));
    expect(await screen.findByText(/登録が完了し、「営業部」への参加を申請しました/)).toBeTruthy();
    const body = {
      unique_url: 'mailtok',
      last_name: '田中',
      first_name: '花子',
      last_name_kana: 'たなか',
      first_name_kana: 'はなこ',
      email: 'new@x.jp',
      employee_number: 'E0100',
      password: 'Secret#2026',
      password_confirmation: 'Secret#2026',
    };
    expect(call().mock.calls.filter(([n]) => n === 'registerFromInvite')).toEqual([
      ['registerFromInvite', { params: { type: 1 }, body }],
      ['registerFromInvite', { params: { type: 1 }, body }],
    ]);
  });

  it('refuses without a link', async () => {
    renderAt('/register');
    expect(await screen.findByText('このQRコードまたはURLは使用できません。グループの管理者にお問い合わせください。')).toBeTruthy();
    expect(call()).not.toHaveBeenCalled();
  });
});
