import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { api } from '@portal/api-client/browser';
import { renderInShell } from '../../test/render';
import { AdminArea } from './AdminArea';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

const remotes = [
  {
    name: 'chat',
    stable: { version: '1.0.0-aaaa', loads: 200, errors: 2 },
    canary: { version: '1.1.0-bbbb', share: 20, started_at: 1, loads: 40, errors: 10 },
    previous: '0.9.0-cccc',
  },
  { name: 'calendar', stable: { version: '2.0.0-dddd', loads: 0, errors: 0 }, canary: null, previous: '1.9.0-eeee' },
  { name: 'groups', stable: null, canary: null, previous: null },
];

const renderPage = () =>
  renderInShell(
    <Routes>
      <Route path="/setting/admin/*" element={<AdminArea />} />
    </Routes>,
    { path: '/setting/admin/remotes' },
  );

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((async (name: string, args: { params: { name: string } }) => {
    if (name === 'me') return { items: { info: { is_company_admin: true } } };
    if (name === 'adminListRemotes') return { items: remotes };
    if (name === 'adminPromoteRemote') return { items: { name: args.params.name, version: '1.1.0-bbbb' } };
    if (name === 'adminRollbackRemote')
      return { items: { name: args.params.name, version: args.params.name === 'chat' ? '1.0.0-aaaa' : '1.9.0-eeee' } };
    throw new Error(name);
  }) as never);
});

describe('company administration: screens (remotes)', () => {
  it('shows each screen’s current and canary releases, the share, loads and error rates', async () => {
    renderPage();
    const canary = (await screen.findByText('1.1.0-bbbb')).closest('tr')!;
    expect(within(canary).getByText('20 %')).toBeTruthy();
    expect(within(canary).getByText('10 (25.0 %)')).toBeTruthy();
    const stable = screen.getByText('1.0.0-aaaa').closest('tr')!;
    expect(within(stable).getByText('80 %')).toBeTruthy();
    expect(within(stable).getByText('2 (1.0 %)')).toBeTruthy();
    expect(screen.getByText('まだ公開されていません。')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '画面の公開' }).getAttribute('aria-selected')).toBe('true');
  });

  it('promotes a canary only after confirmation, with the version the administrator saw', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '全員に公開' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('1.1.0-bbbb');
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(call).not.toHaveBeenCalledWith('adminPromoteRemote', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: '全員に公開' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '全員に公開' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('adminPromoteRemote', { params: { name: 'chat' }, body: { version: '1.1.0-bbbb' } }),
    );
  });

  it('withdraws a canary, and without one goes back to the previous release', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '先行公開を取り下げ' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '先行公開を取り下げ' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('adminRollbackRemote', { params: { name: 'chat' }, body: { version: '1.1.0-bbbb' } }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '前の版に戻す' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('1.9.0-eeee');
    fireEvent.click(within(dialog).getByRole('button', { name: '前の版に戻す' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('adminRollbackRemote', { params: { name: 'calendar' }, body: { version: '2.0.0-dddd' } }),
    );
  });
});
