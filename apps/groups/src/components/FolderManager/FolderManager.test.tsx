import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { group, pageOf, renderWidget } from '../GroupList/testing';
import { FolderManager } from './FolderManager';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const OK = { items: { ok: true } };

let folders: { id: number; name: string; memo: string; display_order: number; group_ids: number[] }[];
const groups = [group(1, '全社連絡'), group(2, '開発チーム', { folder: { id: 7, name: '部署' }, can_notify: false })];
/** Calls other than the reads, in order. */
const writes = () => call.mock.calls.filter(([name]) => name !== 'groupFolders' && name !== 'myGroups');

beforeEach(() => {
  call.mockReset();
  closeModal();
  folders = [{ id: 7, name: '部署', memo: '', display_order: 1, group_ids: [2] }];
  call.mockImplementation((async (name: string, args: { body?: { name?: string } }) => {
    if (name === 'groupFolders') return { items: folders };
    if (name === 'myGroups') return pageOf(groups);
    if (name === 'createGroupFolder') {
      folders = [...folders, { id: 9, name: args.body!.name!, memo: '', display_order: 2, group_ids: [] }];
      return { items: folders.at(-1) };
    }
    return OK;
  }) as never);
});

async function open() {
  const onClose = vi.fn();
  renderWidget(<FolderManager onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'フォルダ管理' });
  await within(dialog).findByText('部署', { selector: '.pgrp-folders__name' });
  await within(dialog).findByRole('combobox', { name: '「全社連絡」のフォルダ' });
  return { dialog, onClose };
}

describe('FolderManager', () => {
  it('reads every group with the maximum limit, and the folders', async () => {
    await open();
    expect(call.mock.calls.filter(([n]) => n === 'myGroups')).toEqual([['myGroups', { query: { page: 1, limit: 99999 } }]]);
    expect(call.mock.calls.filter(([n]) => n === 'groupFolders')).toEqual([['groupFolders']]);
  });

  it('creates a folder with the trimmed name and refreshes the list; an empty name is refused locally', async () => {
    await open();
    const input = screen.getByRole('textbox', { name: '新しいフォルダ名' });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    expect(await screen.findByText('新しいフォルダ名を入力してください')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(input, { target: { value: '  プロジェクト  ' } });
    // The Enter that confirms an IME conversion does not submit.
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    await waitFor(() => expect(writes()).toEqual([['createGroupFolder', { body: { name: 'プロジェクト' } }]]));
    expect(await screen.findByText('プロジェクト', { selector: '.pgrp-folders__name' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('renames a folder', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: '名前変更' }));
    const input = screen.getByRole('textbox', { name: '「部署」の新しい名前' });
    fireEvent.change(input, { target: { value: '部署（本社）' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(writes()).toEqual([['updateGroupFolder', { params: { id: 7 }, body: { name: '部署（本社）' } }]]));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '「部署」の新しい名前' })).toBeNull());
  });

  it('deletes a folder only after confirmation', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'フォルダ「部署」を削除' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('フォルダ「部署」を削除しますか？');
    fireEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'フォルダ「部署」を削除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(writes()).toEqual([['deleteGroupFolder', { params: { id: 7 } }]]));
    // The deleted row's button is gone: focus stays in the dialog, on the new-folder field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '新しいフォルダ名' })));
  });

  it('moves a group into a folder and back to unfiled, and mutes or unmutes it', async () => {
    await open();
    fireEvent.change(screen.getByRole('combobox', { name: '「全社連絡」のフォルダ' }), { target: { value: '7' } });
    await waitFor(() => expect(writes()).toHaveLength(1));
    fireEvent.change(screen.getByRole('combobox', { name: '「開発チーム」のフォルダ' }), { target: { value: '' } });
    await waitFor(() => expect(writes()).toHaveLength(2));
    const mute = screen.getByRole('checkbox', { name: '「全社連絡」の通知を受け取る' }) as HTMLInputElement;
    expect(mute.checked).toBe(true);
    fireEvent.click(mute);
    await waitFor(() => expect(writes()).toHaveLength(3));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: '「開発チーム」の通知を受け取る' }) as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '「開発チーム」の通知を受け取る' }));
    await waitFor(() => expect(writes()).toHaveLength(4));
    expect(writes()).toEqual([
      ['moveGroupToFolder', { body: { group_id: 1, folder_id: 7 } }],
      ['moveGroupToFolder', { body: { group_id: 2, folder_id: null } }],
      ['updateGroupNotification', { body: { group_id: 1, can_notify: false } }],
      ['updateGroupNotification', { body: { group_id: 2, can_notify: true } }],
    ]);
  });

  it('explains a refused change inline (a folder deleted in another tab)', async () => {
    await open();
    call.mockImplementationOnce((async () => {
      throw new ApiError(404, 'NOT_FOUND', 'The folder does not exist.');
    }) as never);
    fireEvent.change(screen.getByRole('combobox', { name: '「全社連絡」のフォルダ' }), { target: { value: '7' } });
    expect((await screen.findByRole('alert')).textContent).toBe('お探しのページまたはデータは見つかりませんでした。');
  });

  it('closes with the close button and with Esc', async () => {
    const { onClose } = await open();
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
