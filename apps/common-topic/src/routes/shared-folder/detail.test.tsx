import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DETAIL, FakeXhr, historyEntry, historyPage, listPage } from '@portal/content/files/testing';
import { answer, call, calls, renderAt } from '../test-utils';
import { request, resetFileTestDoubles } from './testing';
import { captureDownloads, testSignedUrl } from '@portal/content/testing';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

resetFileTestDoubles();

const FILE = { ...DETAIL, group_id: null };
const HISTORY = historyPage([historyEntry(22, 2, true), historyEntry(21, 1, false)], 2);
const dialog = () => screen.findByRole('alertdialog');
const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'application/pdf' });

describe('common-topic-shared-folder-file-detail', () => {
  it('shows the file, marks it read, toggles the favourite and downloads it; a member cannot change it', async () => {
    answer({
      commonFile: { items: FILE },
      commonFileHistory: HISTORY,
      markReadCommonFile: { items: { is_read: true } },
      favoriteCommonFile: { items: { is_favor: true } },
    });
    const downloads = captureDownloads();
    renderAt('/common-topic/shared-folder/file/11', { common_topic_role: false });
    expect(await screen.findByRole('heading', { level: 1, name: /議事録\.pdf$/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '共通エリアのメニュー' })).toBeTruthy();
    expect(screen.getByText('第1回')).toBeTruthy();
    expect(screen.getByText('v2')).toBeTruthy();
    // Common files have no folders.
    expect(screen.queryByText('フォルダ')).toBeNull();
    expect(screen.getByRole('link', { name: '共通共有フォルダへ戻る' }).getAttribute('href')).toBe('/common-topic/shared-folder');
    expect(screen.queryByRole('link', { name: '上書き（新しいバージョン）' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'タイトル・メモを編集' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'このファイルを削除' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'バージョン1をダウンロード' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'バージョン1に戻す' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'お気に入りに追加' }));
    await waitFor(() => expect(calls('favoriteCommonFile')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'ダウンロード' }));
    fireEvent.click(screen.getByRole('button', { name: 'バージョン1をダウンロード' }));
    await waitFor(() => expect(downloads.started).toHaveLength(2));
    expect(calls('markReadCommonFile')).toEqual([['markReadCommonFile', { params: { fileId: 11 } }]]);
    expect(calls('favoriteCommonFile')).toEqual([['favoriteCommonFile', { params: { fileId: 11 }, body: { is_favor: true } }]]);
    expect(downloads.started.map((d) => d.href).sort()).toEqual(
      [
        testSignedUrl('/members/me/common-share-folder-file/11/download'),
        testSignedUrl('/members/me/common-share-folder-file/11/download?history_id=21'),
      ].sort(),
    );
    expect(request()).not.toHaveBeenCalled();
  });

  it.each([
    ['home', 'ホームへ戻る', '/'],
    ['notification', '未読一覧へ戻る', '/notification/unread'],
    ['favourite', 'お気に入り一覧へ戻る', '/notification/favourite'],
  ])('goes back to where it was opened from (from=%s)', async (from, label, href) => {
    answer({ commonFile: { items: { ...FILE, is_read: true } }, commonFileHistory: HISTORY });
    renderAt(`/common-topic/shared-folder/file/11?from=${from}`, { common_topic_role: true });
    expect((await screen.findByRole('link', { name: label })).getAttribute('href')).toBe(href);
    // The edit pages keep `from`, so back from them and then back again still leads there.
    expect(screen.getByRole('link', { name: '上書き（新しいバージョン）' }).getAttribute('href')).toBe(
      `/common-topic/shared-folder/file/11/file-overwrite?from=${from}`,
    );
  });

  it('restores and deletes an earlier version after confirmation and pages the history', async () => {
    answer({
      commonFile: { items: { ...FILE, is_read: true } },
      commonFileHistory: HISTORY,
      revertCommonFile: { items: FILE },
      deleteCommonFileHistory: { items: { ok: true } },
    });
    renderAt('/common-topic/shared-folder/file/11', { common_topic_role: true });
    const restore = await screen.findByRole('button', { name: 'バージョン1に戻す' });
    expect(screen.queryByRole('button', { name: 'バージョン2に戻す' })).toBeNull();
    fireEvent.click(restore);
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('revertCommonFile')).toHaveLength(0);
    fireEvent.click(restore);
    fireEvent.click(within(await dialog()).getByRole('button', { name: '元に戻す' }));
    await waitFor(() => expect(calls('revertCommonFile')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'バージョン1を削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(calls('deleteCommonFileHistory')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() =>
      expect(calls('commonFileHistory').at(-1)).toEqual(['commonFileHistory', { params: { fileId: 11 }, query: { page: 2, limit: 10 } }]),
    );
    expect([...calls('revertCommonFile'), ...calls('deleteCommonFileHistory')]).toEqual([
      ['revertCommonFile', { params: { fileId: 11, historyId: 21 } }],
      ['deleteCommonFileHistory', { params: { historyId: 21 }, body: { file_id: 11 } }],
    ]);
  });

  it('deletes the file for good after confirmation and returns to the list', async () => {
    answer({
      commonFile: { items: { ...FILE, is_read: true } },
      commonFileHistory: HISTORY,
      deleteCommonFiles: { items: { count: 1 } },
      commonFiles: listPage([]),
      commonStorage: { items: { group: null, company: { capacity_bytes: 1, used_bytes: 0, percent: 0, warning: false, full: false } } },
    });
    const view = renderAt('/common-topic/shared-folder/file/11', { common_topic_role: true });
    fireEvent.click(await screen.findByRole('button', { name: 'このファイルを削除' }));
    expect((await dialog()).textContent).toContain(
      'ファイル「議事録.pdf」を削除しますか？共通共有フォルダにはゴミ箱がないため、元に戻せません。',
    );
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('deleteCommonFiles')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'このファイルを削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'このファイルを削除' }));
    await waitFor(() => expect(view.where()).toBe('/common-topic/shared-folder'));
    expect(calls('deleteCommonFiles')).toEqual([['deleteCommonFiles', { body: { file_ids: [11] } }]]);
    expect(await screen.findByText('ファイルを削除しました。')).toBeTruthy();
  });
});

describe('common file overwrite and update-information', () => {
  it('uploads exactly one file as the new version and returns to the detail with its `from`', async () => {
    answer({ commonFile: { items: FILE }, commonFileHistory: HISTORY, markReadCommonFile: { items: { is_read: true } } });
    const view = renderAt('/common-topic/shared-folder/file/11/file-overwrite?from=home', { common_topic_role: true });
    await screen.findByText('「議事録.pdf」（現在 バージョン2）の新しいバージョンをアップロードします。');
    await waitFor(() => expect(document.title).toBe('グループポータル | ファイル上書き'));
    fireEvent.change(screen.getByLabelText('新しいファイルを選択'), { target: { files: [file('議事録_v3.pdf'), file('x.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: '新しいバージョンをアップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect(xhr.url).toBe('/service/api/v1/members/me/overwrite-common-file/11');
    expect([...xhr.body!.keys()]).toEqual(['file']);
    expect((xhr.body!.get('file') as File).name).toBe('議事録_v3.pdf');
    xhr.respond(200, { items: FILE });
    await waitFor(() => expect(view.where()).toBe('/common-topic/shared-folder/file/11?from=home'));
  });

  it('saves the title and memo', async () => {
    answer({
      commonFile: { items: FILE },
      commonFileHistory: HISTORY,
      markReadCommonFile: { items: { is_read: true } },
      updateCommonFileInfo: { items: FILE },
    });
    const view = renderAt('/common-topic/shared-folder/file/11/update-information', { common_topic_role: true });
    const title = await screen.findByLabelText(/^タイトル/);
    // The form may render before the file arrives and fill in afterwards (slow machines).
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('議事録.pdf'));
    fireEvent.change(title, { target: { value: ' ' } });
    expect(screen.getByRole('alert').textContent).toBe('タイトルを入力してください。');
    fireEvent.change(title, { target: { value: '全社会議 議事録' } });
    fireEvent.change(screen.getByLabelText('メモ'), { target: { value: '確定版' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(view.where()).toBe('/common-topic/shared-folder/file/11'));
    expect(calls('updateCommonFileInfo')).toEqual([
      ['updateCommonFileInfo', { params: { fileId: 11 }, body: { title: '全社会議 議事録', memo: '確定版' } }],
    ]);
  });

  it.each(['file-overwrite', 'update-information'])('refuses %s without the common-topic right', async (page) => {
    answer({});
    renderAt(`/common-topic/shared-folder/file/11/${page}`, { common_topic_role: false });
    expect((await screen.findByRole('alert')).textContent).toBe('共通共有フォルダのファイルを変更する権限がありません。');
    expect(screen.queryByRole('button', { name: /アップロード|保存/ })).toBeNull();
    expect(call()).not.toHaveBeenCalled();
  });
});
