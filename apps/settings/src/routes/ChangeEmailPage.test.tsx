import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { profileFixture } from '../test/profile-fixture';
import { renderInShell } from '../test/render';
import { ChangeEmailPage } from './ChangeEmailPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const data = profileFixture();

beforeEach(() => {
  call.mockReset();
  closeModal();
  call.mockImplementation((async (name: string, args?: { body: Record<string, string> }) => {
    if (name === 'myProfile') return { items: data };
    if (name === 'changeEmail') return { items: { pending_email: args!.body.email!.toLowerCase(), expires_at: 1 } };
    if (name === 'updateSubEmails') return { items: { ...data, info: { ...data.info, ...args!.body } } };
    throw new Error(name);
  }) as never);
});

const input = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('ChangeEmailPage', () => {
  it('refuses the current address before calling, then mails the new one and says so', async () => {
    renderInShell(<ChangeEmailPage />);
    await screen.findByText('hanako@example.com');
    fireEvent.change(input(/新しいメールアドレス/), { target: { value: 'HANAKO@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '確認メールを送信' }));
    expect(await screen.findByText('新しいメールアドレスには現在と異なるメールアドレスを入力してください')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('changeEmail', expect.anything());

    fireEvent.change(input(/新しいメールアドレス/), { target: { value: 'New@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '確認メールを送信' }));
    expect(await screen.findByText(/new@example\.com に確認メールを送信しました/)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('changeEmail', { body: { email: 'new@example.com' } });
    // The address shown is still the current one: nothing changes before the link is opened.
    expect(screen.getByText('hanako@example.com')).toBeTruthy();
  });

  it('second and third addresses must differ; a valid pair is saved', async () => {
    renderInShell(<ChangeEmailPage />);
    await waitFor(() => expect(input('メールアドレス2').value).toBe('sub@example.com'));
    fireEvent.change(input('メールアドレス3'), { target: { value: 'sub@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('2つ目と3つ目のメールアドレスに同じものは指定できません')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updateSubEmails', expect.anything());

    fireEvent.change(input('メールアドレス3'), { target: { value: 'third@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('保存しました。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('updateSubEmails', { body: { second_email: 'sub@example.com', third_email: 'third@example.com' } });
  });
});
