import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { $session, setSession } from '@portal/api-client/session';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../../test/render';
import WithdrawPage from './WithdrawPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

function renderPage() {
  return renderInShell(
    <Routes>
      <Route path="/withdraw" element={<WithdrawPage />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { path: '/withdraw' },
  );
}

async function submitWith(password: string) {
  fireEvent.change(screen.getByLabelText(/現在のパスワード/, { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '退会する' }));
  // The confirmation dialog opens with its own "withdraw" button, after the form's.
  await screen.findByRole('button', { name: 'キャンセル' });
  fireEvent.click(screen.getAllByRole('button', { name: '退会する' }).at(-1)!);
}

beforeEach(() => {
  call.mockReset();
  closeModal();
});

describe('WithdrawPage', () => {
  it('after the confirmation, withdraws with the password, clears the session and goes to login', async () => {
    setSession({ accessToken: 'tok' });
    call.mockResolvedValue({ items: { ok: true } } as never);
    renderPage();
    await submitWith('My#Pass123');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('withdraw', { body: { password: 'My#Pass123' } });
    expect($session.get().accessToken).toBeNull();
  });

  it('a sole administrator sees the groups that need another administrator and stays', async () => {
    call.mockRejectedValue(
      new ApiError(400, 'MUST_APPOINT_ADMIN', 'x', {
        status_code: 'MUST_APPOINT_ADMIN',
        message: 'x',
        data: { groups: [{ id: 4, name: '営業一課' }] },
      }),
    );
    renderPage();
    await submitWith('My#Pass123');
    const link = await screen.findByRole('link', { name: '営業一課' });
    expect(link.getAttribute('href')).toBe('/group/4');
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('nothing is sent when the confirmation is cancelled', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(/現在のパスワード/, { selector: 'input' }), { target: { value: 'My#Pass123' } });
    fireEvent.click(screen.getByRole('button', { name: '退会する' }));
    fireEvent.click(await screen.findByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'キャンセル' })).toBeNull());
    expect(call).not.toHaveBeenCalled();
  });
});
