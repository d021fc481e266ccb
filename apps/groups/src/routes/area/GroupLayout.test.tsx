import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, GROUP, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

/** A tab in the members or setting row (the group row has a 'メンバー一覧' tab too). */
const tab = (name: string) => {
  const lists = screen.getAllByRole('tablist');
  return within(lists[lists.length - 1]!).getByRole('tab', { name });
};

describe('/group', () => {
  it('opens the first group of the user', async () => {
    answer({ myGroups: { items: { data: [{ id: 3 }], current_page: 1, last_page: 7, total: 7 } }, ...groupHandlers('member') });
    const view = renderAt('/group');
    await waitFor(() => expect(view.where()).toBe('/group/3'));
    expect(call().mock.calls[0]).toEqual(['myGroups', { query: { page: 1, limit: 1 } }]);
  });

  it('shows an empty state when the user has no group', async () => {
    answer({ myGroups: { items: { data: [], current_page: 1, last_page: 1, total: 0 } }, me: new Promise(() => {}) });
    renderAt('/group');
    expect(await screen.findByText('参加しているグループはありません。')).toBeTruthy();
  });
});

describe('group area layout', () => {
  it('loads the group and its rights first, then shows header, notice, storage and tabs', async () => {
    answer(groupHandlers('member'));
    renderAt('/group/1');
    const header = await screen.findByRole('link', { name: /営業部/ });
    expect(header.getAttribute('href')).toBe('/group/1');
    expect(header.className).toContain('pgrp-header--white');
    expect(screen.getByText('今週の会議は木曜です。')).toBeTruthy();
    expect(screen.getByText('使用量 1.23 GB / 10 GB（12.30%）')).toBeTruthy();
    // The company's figure beside the group's.
    expect(
      within(screen.getByRole('region', { name: '会社全体のストレージ' })).getByText('使用量 45.60 GB / 100 GB（45.60%）'),
    ).toBeTruthy();
    expect(call().mock.calls.slice(0, 2)).toEqual([
      ['myGroup', { params: { id: 1 } }],
      ['myGroupRoles', { params: { id: 1 } }],
    ]);
    const tabs = within(screen.getByRole('tablist', { name: 'グループメニュー' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['新着フィード', '共有フォルダ', 'メンバー一覧', '設定']);
    // A plain member holds no right: no role icon in the header.
    expect(screen.queryByRole('img', { name: '管理者' })).toBeNull();
    expect(screen.queryByRole('img', { name: '権限あり' })).toBeNull();
  });

  it('shows the cog for an administrator and the user-cog for other rights, black letters per letter_color', async () => {
    answer(groupHandlers('admin', {}, { ...GROUP, letter_color: 2 }));
    const view = renderAt('/group/1');
    expect(await screen.findByRole('img', { name: '管理者' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /営業部/ }).className).toContain('pgrp-header--black');
    view.unmount();
    call().mockReset();
    answer(groupHandlers('inviter'));
    renderAt('/group/1');
    expect(await screen.findByRole('img', { name: '権限あり' })).toBeTruthy();
  });

  it('shows the members tabs a plain member has no right to as disabled', async () => {
    answer(groupHandlers('member', { groupMembers: new Promise(() => {}) }));
    const view = renderAt('/group/1/members');
    await screen.findByRole('tablist', { name: 'メンバーメニュー' });
    await waitFor(() => expect(view.where()).toBe('/group/1/members/list'));
    expect(tab('メンバー一覧').getAttribute('aria-selected')).toBe('true');
    for (const name of ['QRコード招待', '招待中', '参加申請', '権限']) expect(tab(name).getAttribute('aria-disabled')).toBe('true');
  });

  it('enables the invite tabs, not the role tab, for an inviter', async () => {
    answer(groupHandlers('inviter', { groupMembers: new Promise(() => {}) }));
    renderAt('/group/1/members/list');
    await screen.findByRole('tablist', { name: 'メンバーメニュー' });
    for (const name of ['QRコード招待', '招待中', '参加申請']) expect(tab(name).getAttribute('aria-disabled')).toBeNull();
    expect(tab('権限').getAttribute('aria-disabled')).toBe('true');
  });

  it.each([
    ['/group/1/setting/equipment'],
    ['/group/1/setting/information-edit'],
    ['/group/1/members/role'],
    ['/group/1/members/qr-code-invite'],
    ['/group/1/members/invited'],
    ['/group/1/topic-create'],
    ['/group/1/shared-folder/file-create'],
  ])('sends a plain member typing %s to the group top page without calling its API', async (url) => {
    answer(groupHandlers('member'));
    const view = renderAt(url);
    await waitFor(() => expect(view.where()).toBe('/group/1'));
    expect(await screen.findByText('今週の会議は木曜です。')).toBeTruthy();
    expect(pageCalls()).toEqual([]);
  });

  it('lets an administrator open the equipment page', async () => {
    answer(groupHandlers('admin', { equipments: { items: [] } }));
    const view = renderAt('/group/1/setting/equipment');
    expect(await screen.findByText('登録されている設備・備品はありません。')).toBeTruthy();
    expect(view.where()).toBe('/group/1/setting/equipment');
    expect(tab('設備・備品').getAttribute('aria-selected')).toBe('true');
  });

  it('explains a deleted group instead of rendering the area', async () => {
    answer({
      myGroup: () => Promise.reject(new ApiError(404, 'GROUP_NOT_FOUND', 'x')),
      myGroupRoles: () => Promise.reject(new ApiError(404, 'GROUP_NOT_FOUND', 'x')),
    });
    renderAt('/group/9');
    expect((await screen.findByRole('alert')).textContent).toContain('このグループは削除されたか、利用停止されています。');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it.each(['/group/abc', '/group/1/no/such/page', '/group/0'])('sends %s to the not-found page', async (url) => {
    answer(groupHandlers('member'));
    const view = renderAt(url);
    await waitFor(() => expect(view.where()).toBe('/page-not-found'));
    expect(screen.getByText('shell catch-all')).toBeTruthy();
  });

  it('redirects /setting to information and keeps the later pages as not available', async () => {
    answer(groupHandlers('member'));
    const view = renderAt('/group/1/setting');
    await waitFor(() => expect(view.where()).toBe('/group/1/setting/information'));
    expect(await screen.findByRole('heading', { level: 1, name: 'グループ基本情報' })).toBeTruthy();
    view.unmount();
    // Shared folder and topics are built now; member registration still waits for its API.
    renderAt('/group/1/members/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'メンバー登録' })).toBeTruthy();
    expect(screen.getByText('この機能はまだ利用できません。')).toBeTruthy();
  });
});
