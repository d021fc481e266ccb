import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../../test/render';
import MemberRegisterPage from './MemberRegisterPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

function renderPage() {
  return renderInShell(
    <Routes>
      <Route path="/group/:groupId/members/register" element={<MemberRegisterPage />} />
      <Route path="/group/:groupId" element={<p>group top</p>} />
    </Routes>,
    { path: '/group/5/members/register' },
  );
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const ROW = {
  employee_number: 'N100',
  email: 'n100@example.com',
  last_name: '新人',
  first_name: '一郎',
  last_name_kana: 'しんじん',
  first_name_kana: 'いちろう',
};

/** The roles answer of a group administrator. */
const ADMIN_ROLES = {
  items: {
    roles: ['role_admin'],
    effective: { role_admin: true, role_invite: true, role_edit_shared_folder: true, role_edit_topic: true },
    can_invite: true,
  },
};

function fillRow() {
  fill(/^社員番号/, ROW.employee_number);
  fill(/^メールアドレス/, ROW.email);
  fill(/^姓/, ROW.last_name);
  fill(/^名/, ROW.first_name);
  fill(/^せい（ひらがな）/, ROW.last_name_kana);
  fill(/^めい（ひらがな）/, ROW.first_name_kana);
}

beforeEach(() => {
  call.mockReset();
  closeModal();
});

describe('MemberRegisterPage', () => {
  it('a member without the administrator right goes to the group top page', async () => {
    call.mockResolvedValue({
      items: {
        roles: ['role_invite'],
        effective: { role_admin: false, role_invite: true, role_edit_shared_folder: false, role_edit_topic: false },
        can_invite: true,
      },
    } as never);
    renderPage();
    expect(await screen.findByText('group top')).toBeTruthy();
  });

  it('registers the typed employee into this group, and shows a taken number on its field', async () => {
    call.mockImplementation((async (name: string) => {
      if (name === 'myGroupRoles') return ADMIN_ROLES;
      if (name === 'adminRegisters') {
        throw new ApiError(400, 'EMPLOYEE_NUMBER_USED', 'x', {
          status_code: 'EMPLOYEE_NUMBER_USED',
          message: 'x',
          errors: { 'employees.0.employee_number': ['validation.employee_number_used'] },
        });
      }
      throw new Error(name);
    }) as never);
    renderPage();
    await screen.findByRole('heading', { name: 'メンバー登録' });
    fillRow();
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('このログインIDは既に使用されています')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('adminRegisters', { params: { group_id: 5 }, body: { employees: [ROW] } });

    call.mockImplementation((async (name: string) => {
      if (name === 'myGroupRoles') return ADMIN_ROLES;
      return { items: { registered: [{ id: 9, employee_number: 'N100', email: 'n100@example.com' }] } };
    }) as never);
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('1名を登録しました（N100）。')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^社員番号/, { selector: 'input' }) as HTMLInputElement).value).toBe(''));
  });
});
