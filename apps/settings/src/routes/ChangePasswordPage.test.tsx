import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const current = () => screen.getByLabelText(/現在のパスワード/, { selector: 'input' });
const next = () => screen.getByLabelText(/^新しいパスワード必須$/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/新しいパスワード（確認）/, { selector: 'input' });

function fill(cur: string, pw: string, conf: string) {
  fireEvent.change(current(), { target: { value: cur } });
  fireEvent.change(next(), { target: { value: pw } });
  fireEvent.change(confirmation(), { target: { value: conf } });
}

beforeEach(() => {
  call.mockReset();
  closeModal();
});

describe('ChangePasswordPage', () => {
  it('sets the document title and posts exactly the three fields', async () => {
    call.mockResolvedValue({ items: { ok: true } } as never);
    renderInShell(<ChangePasswordPage />);
    expect(document.title).toBe('グループポータル | パスワード変更');

    fill('OldPass1!', 'NewPass2!', 'NewPass2!');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));

    await screen.findByText('パスワードを変更しました。');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('changePassword', {
      body: { current_password: 'OldPass1!', password: 'NewPass2!', password_confirmation: 'NewPass2!' },
    });
    expect(current()).toHaveProperty('value', '');
  });

  it('checks the section-5 rules before calling the API', async () => {
    renderInShell(<ChangePasswordPage />);
    fill('OldPass1!', 'short', 'other');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));

    expect(await screen.findByText('パスワードは8文字以上で入力してください')).toBeTruthy();
    fill('OldPass1!', 'NewPass2!', 'NewPass3!');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('パスワードが一致しません')).toBeTruthy();
    fill('SamePass1!', 'SamePass1!', 'SamePass1!');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('現在のパスワードと新しいパスワードに同じものは指定できません')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('shows CURRENT_PASSWORD_INCORRECT on the current-password field', async () => {
    call.mockRejectedValue(
      new ApiError(400, 'CURRENT_PASSWORD_INCORRECT', 'The current password is incorrect.', {
        status_code: 'CURRENT_PASSWORD_INCORRECT',
        message: 'The current password is incorrect.',
        errors: { current_password: ['validation.current_password_incorrect'] },
      }),
    );
    renderInShell(<ChangePasswordPage />);
    fill('WrongPass1!', 'NewPass2!', 'NewPass2!');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));

    expect(await screen.findByText('現在のパスワードが正しくありません。')).toBeTruthy();
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('パスワードを変更しました。')).toBeNull();
  });

  it('shows an unmapped 400 code as a form-level message', async () => {
    call.mockRejectedValue(new ApiError(400, 'INVALID_USER_STATUS', 'x'));
    renderInShell(<ChangePasswordPage />);
    fill('OldPass1!', 'NewPass2!', 'NewPass2!');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('ユーザーの状態が無効です。')).toBeTruthy();
    expect(screen.queryByText('パスワードを変更しました。')).toBeNull();
  });

  it('does not submit on the Enter that confirms an IME conversion, but does on a real Enter', async () => {
    call.mockResolvedValue({ items: { ok: true } } as never);
    renderInShell(<ChangePasswordPage />);
    fill('OldPass1!', 'NewPass2!', 'NewPass2!');

    fireEvent.keyDown(confirmation(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(confirmation(), { key: 'Enter', keyCode: 229 });
    await new Promise((r) => setTimeout(r, 50));
    expect(call).not.toHaveBeenCalled();

    fireEvent.keyDown(confirmation(), { key: 'Enter' });
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith('changePassword', expect.objectContaining({ body: expect.any(Object) }));
  });
});
