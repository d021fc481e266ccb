import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import VerifyPage from './VerifyPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/token-expired" element={<p>token-expired page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  call.mockReset();
});

describe('VerifyPage', () => {
  it('applies an e-mail change link once and shows the new address', async () => {
    call.mockImplementation((async (name: string) => {
      if (name === 'verifyCheck') return { items: { purpose: 'email_change', email: 'new@example.com' } };
      if (name === 'verifyApply') return { items: { purpose: 'email_change', email: 'new@example.com' } };
      throw new Error(name);
    }) as never);
    renderAt('/verify?token=abc');
    expect(await screen.findByText('メールアドレスを new@example.com に変更しました。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('verifyApply', { body: { token: 'abc' } });
    expect(call.mock.calls.filter(([n]) => n === 'verifyApply')).toHaveLength(1);
  });

  it('sends a used, expired or missing link to token-expired', async () => {
    call.mockRejectedValue(new ApiError(400, 'RESET_LINK_EXPIRED', 'x'));
    renderAt('/verify?token=used');
    expect(await screen.findByText('token-expired page')).toBeTruthy();
    call.mockReset();
    renderAt('/verify');
    expect((await screen.findAllByText('token-expired page')).length).toBeGreaterThan(0);
    expect(call).not.toHaveBeenCalled();
  });

  it('a registration link asks for the first password and sends exactly token and password', async () => {
    call.mockImplementation((async (name: string) => {
      if (name === 'verifyCheck') return { items: { purpose: 'register', email: 'taro@example.com' } };
      if (name === 'verifyApply') return { items: { purpose: 'register', email: 'taro@example.com' } };
      throw new Error(name);
    }) as never);
    renderAt('/verify?token=reg');
    await screen.findByText('taro@example.com のアカウントのパスワードを設定してください。');
    expect(call).not.toHaveBeenCalledWith('verifyApply', expect.anything());
    fireEvent.change(screen.getByLabelText(/^新しいパスワード必須$/, { selector: 'input' }), { target: { value: 'First#Pass1' } });
    fireEvent.change(screen.getByLabelText(/新しいパスワード（確認）/, { selector: 'input' }), { target: { value: 'First#Pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを設定する' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('verifyApply', {
        body: { token: 'reg', password: 'First#Pass1', password_confirmation: 'First#Pass1' },
      }),
    );
    expect(await screen.findByText('パスワードを設定しました。taro@example.com でログインできます。')).toBeTruthy();
  });
});
