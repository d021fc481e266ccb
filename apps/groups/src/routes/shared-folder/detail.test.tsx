import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { DETAIL } from '@portal/content/files/testing';
import { captureDownloads, testSignedUrl } from '@portal/content/testing';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const request = () => vi.mocked(api.request);
beforeEach(() => {
  call().mockReset();
  request().mockReset();
  closeModal();
});

const person = { id: 1, name: '山田 太郎' };
const entry = (id: number, version: number, current: boolean) => ({
  id,
  version,
  name: `議事録_v${version}.pdf`,
  size: 2048,
  kind: 'pdf',
  uploaded_at: Date.UTC(2026, 0, version, 1),
  updated_at: Date.UTC(2026, 0, version, 1),
  creator: person,
  is_current: current,
  is_can_revert: !current,
});
const HISTORY = { items: { data: [entry(22, 2, true), entry(21, 1, false)], current_page: 1, last_page: 2, total: 3 } };
const dialog = () => screen.findByRole('alertdialog');

describe('shared-folder/file/:id', () => {
  it('shows metadata, marks the file read and toggles the favourite', async () => {
    answer(
      groupHandlers('member', {
        sharedFile: { items: DETAIL },
        fileHistory: HISTORY,
        markFileRead: { items: { is_read: true } },
        favoriteFile: { items: { is_favor: true } },
      }),
    );
    renderAt('/group/1/shared-folder/file/11');
    expect(await screen.findByRole('heading', { name: /議事録\.pdf/ })).toBeTruthy();
    expect(screen.getByText('第1回')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();
    // A plain member sees no edit links and no restore buttons.
    expect(screen.queryByRole('link', { name: '上書き（新しいバージョン）' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'バージョン1に戻す' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'お気に入りに追加' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'favoriteFile')).toBe(true));
    expect(pageCalls().filter(([n]) => n === 'markFileRead' || n === 'favoriteFile')).toEqual([
      ['markFileRead', { params: { id: 1, fileId: 11 } }],
      ['favoriteFile', { params: { id: 1, fileId: 11 }, body: { is_favor: true } }],
    ]);
  });

  it('restores and deletes an earlier version only after confirmation, and pages the history', async () => {
    answer(
      groupHandlers('admin', {
        sharedFile: { items: { ...DETAIL, is_read: true } },
        fileHistory: HISTORY,
        revertFile: { items: DETAIL },
        deleteFileHistory: { items: { ok: true } },
      }),
    );
    renderAt('/group/1/shared-folder/file/11');
    const restore = await screen.findByRole('button', { name: 'バージョン1に戻す' });
    expect(screen.queryByRole('button', { name: 'バージョン2に戻す' })).toBeNull();
    fireEvent.click(restore);
    expect((await dialog()).textContent).toContain('バージョン1を最新に戻しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(pageCalls().some(([n]) => n === 'revertFile')).toBe(false);

    fireEvent.click(restore);
    fireEvent.click(within(await dialog()).getByRole('button', { name: '元に戻す' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'revertFile')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'バージョン1を削除' }));
    expect((await dialog()).textContent).toContain('バージョン1を削除しますか？この操作は元に戻せません。');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteFileHistory')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() =>
      expect(
        pageCalls()
          .filter(([n]) => n === 'fileHistory')
          .at(-1),
      ).toEqual(['fileHistory', { params: { id: 1, fileId: 11 }, query: { page: 2, limit: 10 } }]),
    );
    expect(pageCalls().filter(([n]) => n === 'revertFile' || n === 'deleteFileHistory')).toEqual([
      ['revertFile', { params: { id: 1, fileId: 11, historyId: 21 } }],
      ['deleteFileHistory', { params: { id: 1, historyId: 21 }, body: { file_id: 11 } }],
    ]);
  });

  it('downloads the current file and an earlier version by signed links the browser streams', async () => {
    answer(groupHandlers('member', { sharedFile: { items: { ...DETAIL, is_read: true } }, fileHistory: HISTORY }));
    const downloads = captureDownloads();
    renderAt('/group/1/shared-folder/file/11');
    fireEvent.click(await screen.findByRole('button', { name: 'ダウンロード' }));
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'バージョン1をダウンロード' }));
    await waitFor(() => expect(downloads.started).toHaveLength(2));
    expect(downloads.started.map((d) => d.href)).toEqual([
      testSignedUrl('/members/me/groups/1/share-folder-file/11/download'),
      testSignedUrl('/members/me/groups/1/share-folder-file/11/download?history_id=21'),
    ]);
    // No bytes pass through the page.
    expect(request()).not.toHaveBeenCalled();
    downloads.restore();
  });
});

describe('shared-folder/file/:id/update-information', () => {
  it('shows a refused title on its field (ja), not in a modal', async () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'invalid', {
      status_code: 'VALIDATION_ERROR',
      message: 'invalid',
      errors: { title: ['validation.no_script'] },
    });
    answer(
      groupHandlers('admin', {
        sharedFile: { items: DETAIL },
        updateFileInfo: () => {
          throw refused;
        },
      }),
    );
    renderAt('/group/1/shared-folder/file/11/update-information');
    const title = await screen.findByLabelText(/^タイトル/);
    fireEvent.change(title, { target: { value: '<script>x</script>' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('タイトルにスクリプトは入力できません');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves the title and memo', async () => {
    answer(groupHandlers('admin', { sharedFile: { items: DETAIL }, updateFileInfo: { items: DETAIL } }));
    const view = renderAt('/group/1/shared-folder/file/11/update-information');
    const title = await screen.findByLabelText(/^タイトル/);
    expect((title as HTMLInputElement).value).toBe('議事録.pdf');
    fireEvent.change(title, { target: { value: ' ' } });
    expect(screen.getByRole('alert').textContent).toBe('タイトルを入力してください。');
    fireEvent.change(title, { target: { value: '第1回 議事録' } });
    fireEvent.change(screen.getByLabelText('メモ'), { target: { value: '確定版' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/shared-folder/file/11'));
    expect(pageCalls().filter(([n]) => n === 'updateFileInfo')).toEqual([
      ['updateFileInfo', { params: { id: 1, fileId: 11 }, body: { title: '第1回 議事録', memo: '確定版' } }],
    ]);
  });
});
