import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { closeModal } from '@portal/ui';
import { formatFileSize, sortFromPreference } from '@portal/content/files';
import { COUNTS, listPage, ROW, ROW2, storage } from '@portal/content/files/testing';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const FOLDERS = { items: [{ id: 4, name: '会議資料', file_count: 0 }] };
const base = (extra: Record<string, unknown> = {}, percent = 12) => ({
  sharedFileCount: COUNTS,
  fileFolders: FOLDERS,
  groupStorage: storage(percent),
  sharedFiles: listPage([ROW, ROW2]),
  ...extra,
});
const dialog = () => screen.findByRole('alertdialog');
const q = { page: 1, limit: 10, orderBy: 'update', sortedBy: 'desc' };

describe('shared-folder list', () => {
  it('reads the stored sort preference', () => {
    expect(sortFromPreference(undefined)).toEqual({ orderBy: 'update', sortedBy: 'desc' });
    const s = { ...DEFAULT_USER_SETTINGS, sort: { ...DEFAULT_USER_SETTINGS.sort, group_shared_folder: 'title_asc' as const } };
    expect(sortFromPreference(s)).toEqual({ orderBy: 'title', sortedBy: 'asc' });
  });

  it('formats sizes in KB and MB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(5)).toBe('5 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(3000)).toBe('3 KB');
    expect(formatFileSize(2 * 1024 * 1024 + 300 * 1024)).toBe('2.3 MB');
  });

  it('shows rows with kind, size, uploader and read state; switches lists, sort and unread', async () => {
    answer(groupHandlers('member', base({ sharedFilesInBin: listPage([]), sharedFilesByFolder: listPage([]) })));
    renderAt('/group/1/shared-folder');
    const link = await screen.findByRole('link', { name: '議事録.pdf' });
    expect(link.getAttribute('href')).toBe('/group/1/shared-folder/file/11');
    expect(screen.getByRole('img', { name: 'PDF' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '画像' })).toBeTruthy();
    expect(screen.getByText('2.3 MB')).toBeTruthy();
    expect(screen.getByText('3 KB')).toBeTruthy();
    expect(screen.getAllByText('未読')).toHaveLength(1);
    // A plain member cannot upload, move or delete.
    expect(screen.queryByRole('link', { name: 'ファイルをアップロード' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ゴミ箱へ移動' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '未読のみ（1）' }));
    fireEvent.change(screen.getByLabelText('並び順'), { target: { value: 'title_asc' } });
    fireEvent.click(screen.getByRole('tab', { name: 'ゴミ箱（1）' }));
    fireEvent.click(screen.getByRole('tab', { name: '会議資料（0）' }));
    await waitFor(() => expect(pageCalls().filter(([n]) => n === 'sharedFilesByFolder')).toHaveLength(1));
    const lists = pageCalls().filter(([n]) => String(n).startsWith('sharedFiles'));
    expect(lists).toEqual([
      ['sharedFiles', { params: { id: 1 }, query: q }],
      ['sharedFiles', { params: { id: 1 }, query: { ...q, unreadOnly: '1' } }],
      ['sharedFiles', { params: { id: 1 }, query: { ...q, orderBy: 'title', sortedBy: 'asc', unreadOnly: '1' } }],
      ['sharedFilesInBin', { params: { id: 1 }, query: { ...q, orderBy: 'title', sortedBy: 'asc' } }],
      ['sharedFilesByFolder', { params: { id: 1, folderId: 4 }, query: { ...q, orderBy: 'title', sortedBy: 'asc' } }],
    ]);
  });

  it('pages with has_more', async () => {
    answer(groupHandlers('member', base({ sharedFiles: (a: unknown) => ({ ...listPage([ROW], true), a }) })));
    renderAt('/group/1/shared-folder');
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await waitFor(() => expect(pageCalls().filter(([n]) => n === 'sharedFiles')).toHaveLength(2));
    expect(pageCalls().filter(([n]) => n === 'sharedFiles')[1]).toEqual(['sharedFiles', { params: { id: 1 }, query: { ...q, page: 2 } }]);
  });

  it('warns at 80 % and when full', async () => {
    answer(groupHandlers('member', base({}, 85)));
    const first = renderAt('/group/1/shared-folder');
    expect((await screen.findByRole('alert')).textContent).toBe('使用量が容量の80%を超えました。不要なファイルを削除してください。');
    expect(screen.getByText('使用量 8.50 GB / 10.00 GB（85.00%）')).toBeTruthy();
    first.unmount();
    answer(groupHandlers('member', base({}, 100)));
    renderAt('/group/1/shared-folder');
    expect((await screen.findByRole('alert')).textContent).toBe('容量がいっぱいです。ファイルを追加できません。');
  });

  it('offers no upload while the group is full', async () => {
    answer(groupHandlers('admin', base({}, 85)));
    const first = renderAt('/group/1/shared-folder');
    expect((await screen.findByRole('link', { name: 'ファイルをアップロード' })).getAttribute('href')).toBe(
      '/group/1/shared-folder/file-create',
    );
    first.unmount();
    answer(groupHandlers('admin', base({}, 100)));
    renderAt('/group/1/shared-folder');
    await screen.findByRole('alert');
    expect((screen.getByRole('button', { name: 'ファイルをアップロード' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'ファイルをアップロード' })).toBeNull();
  });

  it('moves selected files to a folder and to the bin only after confirmation', async () => {
    answer(groupHandlers('admin', base({ moveFilesToFolder: { items: { count: 2 } }, deleteFiles: { items: { count: 1 } } })));
    renderAt('/group/1/shared-folder');
    fireEvent.click(await screen.findByRole('checkbox', { name: '議事録.pdf を選択' }));
    fireEvent.click(screen.getByRole('button', { name: 'ゴミ箱へ移動' }));
    expect((await dialog()).textContent).toContain('1件のファイルをゴミ箱へ移動しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(pageCalls().some(([n]) => n === 'deleteFiles')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: '写真.png を選択' }));
    fireEvent.change(screen.getByLabelText('移動先'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '移動' }));
    expect((await dialog()).textContent).toContain('2件のファイルを「会議資料」へ移動しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '移動' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'moveFilesToFolder')).toBe(true));

    fireEvent.click(await screen.findByRole('checkbox', { name: '議事録.pdf を選択' }));
    fireEvent.click(screen.getByRole('button', { name: 'ゴミ箱へ移動' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'ゴミ箱へ移動' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteFiles')).toBe(true));
    expect(pageCalls().filter(([n]) => n === 'moveFilesToFolder' || n === 'deleteFiles')).toEqual([
      ['moveFilesToFolder', { params: { id: 1 }, body: { file_ids: [11, 12], folder_id: 4 } }],
      ['deleteFiles', { params: { id: 1 }, body: { file_ids: [11], delete_mode: 1 } }],
    ]);
  });

  it('deletes from the bin and empties it (administrator), each confirmed', async () => {
    const binned = { ...ROW, is_in_bin: true };
    answer(
      groupHandlers(
        'admin',
        base({ sharedFilesInBin: listPage([binned]), deleteFiles: { items: { count: 1 } }, emptyFileBin: { items: { count: 1 } } }),
      ),
    );
    renderAt('/group/1/shared-folder');
    fireEvent.click(await screen.findByRole('tab', { name: 'ゴミ箱（1）' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '議事録.pdf を選択' }));
    fireEvent.click(screen.getByRole('button', { name: '完全に削除' }));
    expect((await dialog()).textContent).toContain('1件のファイルを完全に削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '完全に削除' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteFiles')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'ゴミ箱を空にする' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'ゴミ箱を空にする' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'emptyFileBin')).toBe(true));
    expect(pageCalls().filter(([n]) => n === 'deleteFiles' || n === 'emptyFileBin')).toEqual([
      ['deleteFiles', { params: { id: 1 }, body: { file_ids: [11], delete_mode: 2 } }],
      ['emptyFileBin', { params: { id: 1 }, body: {} }],
    ]);
  });

  it('creates, renames and deletes folders', async () => {
    answer(
      groupHandlers(
        'admin',
        base({
          sharedFilesByFolder: listPage([]),
          createFileFolder: { items: { id: 5, name: '新規', file_count: 0 } },
          renameFileFolder: { items: { id: 4, name: '資料', file_count: 0 } },
          deleteFileFolder: { items: { ok: true } },
        }),
      ),
    );
    renderAt('/group/1/shared-folder');
    await screen.findByRole('tab', { name: '会議資料（0）' });
    fireEvent.change(screen.getByLabelText('新しいフォルダ名'), { target: { value: '会議資料' } });
    expect(screen.getByText('同じ名前のフォルダがあります。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新しいフォルダ名'), { target: { value: ' 新規 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'フォルダを作成' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'createFileFolder')).toBe(true));
    fireEvent.click(screen.getByRole('tab', { name: '会議資料（0）' }));
    fireEvent.click(await screen.findByRole('button', { name: 'フォルダ名を変更' }));
    fireEvent.change(screen.getByLabelText('フォルダ名'), { target: { value: '資料' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'renameFileFolder')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'フォルダを削除' }));
    expect((await dialog()).textContent).toContain('フォルダ「会議資料」を削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'フォルダを削除' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteFileFolder')).toBe(true));
    expect(pageCalls().filter(([n]) => String(n).endsWith('FileFolder'))).toEqual([
      ['createFileFolder', { params: { id: 1 }, body: { folder_name: '新規' } }],
      ['renameFileFolder', { params: { id: 1 }, body: { folder_id: 4, folder_name: '資料' } }],
      ['deleteFileFolder', { params: { id: 1 }, body: { folder_id: 4 } }],
    ]);
  });
});
