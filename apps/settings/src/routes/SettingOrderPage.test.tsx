import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupListItem } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../test/render';
import { SettingOrderPage } from './SettingOrderPage';
import { draftFrom, moveItem, orderBody } from './SettingOrderPage.model';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const g = (id: number, name: string, folder: { id: number; name: string } | null = null): GroupListItem => ({
  id,
  name,
  folder,
  icon_image_small_path: null,
  unread_count: 0,
  can_notify: true,
  display_order: id,
});
const GROUPS = [g(1, '全社連絡'), g(2, '総務部', { id: 7, name: '部署' }), g(3, '営業一課', { id: 7, name: '部署' }), g(4, '東京支社')];
const FOLDERS = [
  { id: 7, name: '部署', memo: '', display_order: 1, group_ids: [2, 3] },
  { id: 8, name: '空のフォルダ', memo: '', display_order: 2, group_ids: [] },
];

let failSave = false;
beforeEach(() => {
  call.mockReset();
  closeModal();
  failSave = false;
  call.mockImplementation((async (name: string) => {
    if (name === 'myGroups') return { items: { data: GROUPS, current_page: 1, last_page: 1, total: GROUPS.length } };
    if (name === 'groupFolders') return { items: FOLDERS };
    if (name === 'updateGroupOrder') {
      if (failSave) throw new Error('network down');
      return { items: { ok: true } };
    }
    throw new Error(`unexpected call ${name}`);
  }) as never);
});

const rows = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.pset-order__name')?.textContent);

describe('SettingOrderPage', () => {
  it('loads every group and the folders, reorders with the buttons and saves the new order', async () => {
    const { queryClient } = renderInShell(<SettingOrderPage />);
    expect(document.title).toBe('グループポータル | グループの表示順');
    await screen.findByRole('list', { name: '未分類のグループ' });
    expect(call.mock.calls).toEqual([['myGroups', { query: { page: 1, limit: 99999 } }], ['groupFolders']]);
    expect(rows('フォルダの順番')).toEqual(['部署', '空のフォルダ']);
    expect(rows('フォルダ「部署」のグループ')).toEqual(['総務部', '営業一課']);
    expect(rows('未分類のグループ')).toEqual(['全社連絡', '東京支社']);
    expect(screen.getByText('このフォルダにグループはありません。')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '保存する' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    // The ends cannot move further.
    expect(screen.getByRole('button', { name: '「全社連絡」を上へ移動' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '「東京支社」を下へ移動' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '「全社連絡」を下へ移動' }));
    expect(rows('未分類のグループ')).toEqual(['東京支社', '全社連絡']);
    // Focus follows the moved group; at the bottom it lands on the button still usable.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('「全社連絡」を上へ移動');
    fireEvent.click(screen.getByRole('button', { name: '「営業一課」を上へ移動' }));
    fireEvent.click(screen.getByRole('button', { name: '「空のフォルダ」を上へ移動' }));
    expect(rows('フォルダの順番')).toEqual(['空のフォルダ', '部署']);
    expect(screen.getByText('未保存の変更があります。')).toBeTruthy();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(submit);
    expect(await screen.findByText('表示順を保存しました。')).toBeTruthy();
    expect(call.mock.calls.filter(([n]) => n === 'updateGroupOrder')).toEqual([
      ['updateGroupOrder', { body: { group_ids: [3, 2, 4, 1], folder_ids: [8, 7] } }],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['groups'] });
    await waitFor(() => expect(screen.getByRole('button', { name: '保存する' }).hasAttribute('disabled')).toBe(true));
  });

  it('keeps the edited order when saving fails, and can undo it', async () => {
    failSave = true;
    renderInShell(<SettingOrderPage />);
    await screen.findByRole('list', { name: '未分類のグループ' });
    fireEvent.click(screen.getByRole('button', { name: '「全社連絡」を下へ移動' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(call.mock.calls.filter(([n]) => n === 'updateGroupOrder')).toHaveLength(1));
    expect(screen.queryByText('表示順を保存しました。')).toBeNull();
    expect(rows('未分類のグループ')).toEqual(['東京支社', '全社連絡']);
    fireEvent.click(screen.getByRole('button', { name: '元に戻す' }));
    expect(rows('未分類のグループ')).toEqual(['全社連絡', '東京支社']);
  });
});

describe('order model', () => {
  it('moves one place and never past an end', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('numbers folder groups first, in folder order, and leaves out folder_ids when there are none', () => {
    const draft = draftFrom(GROUPS, FOLDERS);
    expect(orderBody(draft)).toEqual({ group_ids: [2, 3, 1, 4], folder_ids: [7, 8] });
    expect(orderBody(draftFrom([g(5, 'A'), g(6, 'B')], []))).toEqual({ group_ids: [5, 6] });
  });
});
