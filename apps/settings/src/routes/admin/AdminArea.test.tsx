import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { api } from '@portal/api-client/browser';
import { ApiError } from '@portal/api-client/core';
import { renderInShell } from '../../test/render';
import { AdminArea } from './AdminArea';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

const employee = {
  id: 7,
  employee_number: 'E007',
  email: 'takahashi@corp.example',
  last_name: '髙橋',
  first_name: '誠',
  last_name_kana: 'たかはし',
  first_name_kana: 'まこと',
  department: '営業部',
  is_company_admin: false,
  common_topic_role: true,
  status: 'active',
  locked_at: null,
  failed_login_count: 0,
  last_login_at: null,
  created_at: 1,
};
const summary = {
  id: 3,
  file_name: 'staff.csv',
  encoding: 'sjis',
  status: 'previewed',
  total: 3,
  created: 2,
  changed: 0,
  unchanged: 0,
  refused: 1,
  progress: 0,
  error: null,
  created_at: 1,
};
const rows = {
  data: [
    { line: 2, employee_number: 'N1', name: '新人 一', state: 'create', errors: [], changes: [] },
    {
      line: 4,
      employee_number: 'N3',
      name: '新人 三',
      state: 'refused',
      errors: [{ column: 'last_name_kana', code: 'validation.kana' }],
      changes: [],
    },
  ],
  current_page: 1,
  last_page: 1,
  total: 2,
};

const auditRows = [
  {
    id: 2,
    created_at: 2,
    action: 'file.bin_emptied',
    actor_id: 7,
    actor_name: '髙橋 誠 (E007)',
    target_type: 'group',
    target_id: 5,
    target_label: '営業部',
    detail: '2 files: a.pdf, b.pdf',
    ip: '',
  },
  {
    id: 1,
    created_at: 1,
    action: 'topic.deleted',
    actor_id: null,
    actor_name: 'system',
    target_type: 'topic',
    target_id: 9,
    target_label: '古い議題',
    detail: 'group #5 (auto-delete from the bin)',
    ip: '',
  },
];

function answer(admin: boolean) {
  call.mockImplementation((async (name: string) => {
    if (name === 'me') return { items: { info: { is_company_admin: admin } } };
    if (name === 'adminListEmployees') return { items: { data: [employee], current_page: 1, last_page: 1, total: 1 } };
    if (name === 'adminImportPreview' || name === 'adminImportShow') return { items: { ...summary, rows } };
    if (name === 'adminAuditList') return { items: { data: auditRows, current_page: 1, last_page: 1, total: auditRows.length } };
    if (name === 'adminRelease')
      return {
        items: {
          version: '1.2.3',
          remotes: [
            { name: 'chat', version: '1.2.0-0123abcd' },
            { name: 'calendar', version: null },
          ],
        },
      };
    throw new Error(name);
  }) as never);
}

const renderArea = (path: string) =>
  renderInShell(
    <Routes>
      <Route path="/setting/admin/*" element={<AdminArea />} />
    </Routes>,
    { path },
  );

beforeEach(() => {
  call.mockReset();
});

describe('company administration area', () => {
  it('is closed to anyone who is not a company administrator', async () => {
    answer(false);
    renderArea('/setting/admin/employees');
    expect(await screen.findByText('この画面は会社管理者だけが使えます。')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('adminListEmployees', expect.anything());
  });

  it('shows the portal version and each remote build at its foot', async () => {
    answer(true);
    renderArea('/setting/admin/employees');
    const foot = await screen.findByRole('contentinfo', { name: 'バージョン情報' });
    expect(within(foot).getByText('ポータル バージョン 1.2.3')).toBeTruthy();
    expect(foot.textContent).toContain('chat 1.2.0-0123abcd / calendar 未公開');
  });

  it('lists employees with their rights and links each to its page', async () => {
    answer(true);
    renderArea('/setting/admin/employees');
    const link = await screen.findByRole('link', { name: '髙橋 誠' });
    expect(link.getAttribute('href')).toBe('/setting/admin/employees/7');
    expect(screen.getByText('共通トピック作成')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '社員' }).getAttribute('aria-selected')).toBe('true');
  });

  it('previews a CSV: counts, refused rows with their reason, and no apply while rows are refused', async () => {
    answer(true);
    renderArea('/setting/admin/import');
    const input = await screen.findByLabelText('CSVファイル');
    const file = new File([new Uint8Array([0x41, 0x2c, 0x42])], 'staff.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'arrayBuffer', { value: async () => new Uint8Array([0x41, 0x2c, 0x42]).buffer });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: '内容を確認' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('adminImportPreview', { body: { file_name: 'staff.csv', file_base64: 'QSxC' } }));
    expect((await screen.findByTestId('import-summary')).textContent).toContain('新規 2、変更 0、変更なし 0、取り込めない行 1');
    expect(screen.getByText(/姓（ひらがな）: /)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('取り込めない行があるため反映できません');
    expect(screen.queryByRole('button', { name: '反映する' })).toBeNull();
  });

  it('retire: a sole group administrator gets a successor picked among the group members', async () => {
    const sole = {
      id: 40,
      name: '経理',
      candidates: [
        { id: 8, name: '佐藤 花子 (E008)' },
        { id: 9, name: '鈴木 一 (E009)' },
      ],
    };
    const retire = vi.fn();
    retire
      .mockRejectedValueOnce(
        new ApiError(400, 'MUST_APPOINT_ADMIN', 'x', { status_code: 'MUST_APPOINT_ADMIN', message: 'x', data: { groups: [sole] } }),
      )
      .mockResolvedValueOnce({ items: { id: 7, revoked_sessions: 0 } });
    call.mockImplementation((async (name: string, args: unknown) => {
      if (name === 'me') return { items: { info: { is_company_admin: true } } };
      if (name === 'adminGetEmployee')
        return { items: { ...employee, groups: [{ id: 40, name: '経理', role_admin: true }], lock_reason: null } };
      if (name === 'adminRetireEmployee') return retire(args);
      throw new Error(name);
    }) as never);
    renderArea('/setting/admin/employees/7');
    fireEvent.click(await screen.findByRole('button', { name: '退職させる' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '退職させる' }));
    const picker = await screen.findByLabelText('経理 の後任');
    fireEvent.change(picker, { target: { value: '9' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '退職させる' }));
    await waitFor(() =>
      expect(retire).toHaveBeenLastCalledWith({ params: { userId: 7 }, body: { successors: [{ group_id: 40, user_id: 9 }] } }),
    );
  });

  it('audit trail: hard deletes and bin empties by name, the auto-delete job as the system', async () => {
    answer(true);
    renderArea('/setting/admin/audit');
    const deleted = (await screen.findByText('古い議題')).closest('tr')!;
    expect(within(deleted).getByText('トピックの完全削除')).toBeTruthy();
    expect(within(deleted).getByText('システム（自動）')).toBeTruthy();
    const emptied = screen.getByText('営業部').closest('tr')!;
    expect(within(emptied).getByText('ファイルのごみ箱を空にする')).toBeTruthy();
    expect(within(emptied).getByText('髙橋 誠 (E007)')).toBeTruthy();
    // The filter offers the new actions.
    expect(screen.getByRole('option', { name: 'ファイルの完全削除' })).toBeTruthy();
  });
});
