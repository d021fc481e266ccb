import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, GROUP, groupHandlers, renderAt } from './test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const me = (admin: boolean) => ({ items: { info: { id: 1, name: '山田', is_company_admin: admin } } });

describe('/group/create', () => {
  it('tells a non-administrator that only company administrators create groups', async () => {
    answer({ me: me(false) });
    renderAt('/group/create');
    expect(await screen.findByText('グループを作成できるのは会社の管理者のみです。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '作成する' })).toBeNull();
  });

  it('creates the group, shows DUPLICATE_GROUP on the name first, then opens the new group', async () => {
    let duplicate = true;
    answer({
      me: me(true),
      createGroup: () =>
        duplicate ? Promise.reject(new ApiError(400, 'DUPLICATE_GROUP', 'x')) : { items: { ...GROUP, id: 8, name: '新規事業' } },
      ...groupHandlers('admin', {}, { ...GROUP, id: 8, name: '新規事業' }),
    });
    const view = renderAt('/group/create');
    fireEvent.change(await screen.findByLabelText(/グループ名/, { selector: 'input' }), { target: { value: '新規事業' } });
    fireEvent.change(screen.getByLabelText('お知らせ'), { target: { value: 'よろしく' } });
    fireEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText('同じ名前のグループが既に存在します。')).toBeTruthy();
    duplicate = false;
    fireEvent.click(screen.getByRole('button', { name: '作成する' }));
    await waitFor(() => expect(view.where()).toBe('/group/8'));
    const creates = call().mock.calls.filter(([n]) => n === 'createGroup');
    expect(creates).toEqual([
      ['createGroup', { body: { name: '新規事業', notice: 'よろしく', letter_color: 1 } }],
      ['createGroup', { body: { name: '新規事業', notice: 'よろしく', letter_color: 1 } }],
    ]);
  });
});
