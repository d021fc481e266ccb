import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { commonStorage, DETAIL, FakeXhr, listPage, ROW, ROW2 } from '@portal/content/files/testing';
import { answer, call, calls, renderAt } from '../test-utils';
import { request, resetFileTestDoubles } from './testing';
import { captureDownloads, signedPaths, testSignedUrl } from '@portal/content/testing';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

resetFileTestDoubles();

const C1 = { ...ROW, group_id: null };
const C2 = { ...ROW2, group_id: null };
const base = (extra: Record<string, unknown> = {}, percent = 12) => ({
  commonStorage: commonStorage(percent),
  commonFiles: listPage([C1, C2]),
  ...extra,
});
const TITLE_ASC = { ...DEFAULT_USER_SETTINGS, sort: { ...DEFAULT_USER_SETTINGS.sort, common_shared_folder: 'title_asc' as const } };
const q = { page: 1, limit: 10, orderBy: 'update', sortedBy: 'desc' };
const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText(/ファイルを選択/), { target: { files } });
const xhr = () => FakeXhr.all.at(-1)!;

describe('common shared folder list', () => {
  it('lists files with kind icons, size and read state; starts in the stored order; unread-only and paging ask the server', async () => {
    answer(base({ commonFiles: (a: unknown) => ({ ...listPage([C1, C2], (a as { query: { page: number } }).query.page === 1), a }) }));
    renderAt('/common-topic/shared-folder', { common_topic_role: false }, TITLE_ASC);
    const link = await screen.findByRole('link', { name: '議事録.pdf' });
    expect(link.getAttribute('href')).toBe('/common-topic/shared-folder/file/11');
    expect(screen.getByRole('navigation', { name: '共通エリアのメニュー' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'PDF' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '画像' })).toBeTruthy();
    expect(screen.getByText('2.3 MB')).toBeTruthy();
    expect(within(link.closest('tr')!).getByText('未読')).toBeTruthy();
    expect((screen.getByLabelText('並び順') as HTMLSelectElement).value).toBe('title_asc');

    fireEvent.click(screen.getByRole('tab', { name: '未読のみ' }));
    await waitFor(() => expect(calls('commonFiles')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await waitFor(() => expect(calls('commonFiles')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('並び順'), { target: { value: 'update_asc' } });
    await waitFor(() => expect(calls('commonFiles')).toHaveLength(4));
    const title = { ...q, orderBy: 'title', sortedBy: 'asc' };
    expect(calls('commonFiles').map(([, a]) => (a as { query: unknown }).query)).toEqual([
      title,
      { ...title, unread_only: '1' },
      { ...title, unread_only: '1', page: 2 },
      { ...q, sortedBy: 'asc', unread_only: '1' },
    ]);
  });

  it('shows the thumbnail of an image with one, from a signed link', async () => {
    answer(base({ commonFiles: listPage([C1, { ...C2, has_thumbnail: true, version: 3 }]) }));
    renderAt('/common-topic/shared-folder', { common_topic_role: false });
    const row = (await screen.findByRole('link', { name: '写真.png' })).closest('tr')!;
    const thumb = '/service/api/v1/members/me/common-share-folder-file/12/thumbnail?v=3';
    await waitFor(() => expect(within(row).getByRole('img', { name: '画像' }).getAttribute('src')).toBe(testSignedUrl(thumb)));
    expect(signedPaths(call())).toEqual([thumb]);
    expect(request()).not.toHaveBeenCalled();
  });

  it('shows the company storage the common area counts against, with the 80 % and full warnings', async () => {
    answer(base({}, 85));
    const first = renderAt('/common-topic/shared-folder', { common_topic_role: false });
    const company = await screen.findByRole('region', { name: '会社全体の保存容量' });
    expect(within(company).getByText('使用量 8.50 GB / 10.00 GB（85.00%）')).toBeTruthy();
    expect(within(company).getByRole('alert').textContent).toBe(
      '会社全体の保存容量の使用量が80%を超えました。管理者にお問い合わせください。',
    );
    first.unmount();
    answer(base({}, 100));
    renderAt('/common-topic/shared-folder', { common_topic_role: false });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '会社全体の保存容量がいっぱいです。ファイルを追加できません。管理者にお問い合わせください。',
    );
  });

  it('disables the upload while the company storage is full', async () => {
    answer(base({}, 100));
    renderAt('/common-topic/shared-folder', { common_topic_role: true });
    await screen.findByRole('alert');
    expect((screen.getByRole('button', { name: 'ファイルをアップロード' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no upload and no delete without the common-topic right, but zips a selection', async () => {
    const downloads = captureDownloads();
    answer(base());
    renderAt('/common-topic/shared-folder', { common_topic_role: false });
    await screen.findByRole('link', { name: '議事録.pdf' });
    expect(screen.queryByRole('button', { name: 'ファイルをアップロード' })).toBeNull();
    expect(screen.queryByRole('button', { name: '完全に削除' })).toBeNull();
    const zip = screen.getByRole('button', { name: 'まとめてダウンロード（ZIP）' }) as HTMLButtonElement;
    expect(zip.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'このページのファイルをすべて選択' }));
    expect(screen.getByText('2件選択中')).toBeTruthy();
    fireEvent.click(zip);
    await waitFor(() => expect(downloads.started).toHaveLength(1));
    expect(downloads.started[0]!.href).toBe(testSignedUrl('/members/me/download-files'));
    expect(call()).toHaveBeenCalledWith('signUrls', {
      body: { items: [{ path: '/members/me/download-files', body: { file_ids: [11, 12], is_comment_file: false } }] },
    });
    expect(request()).not.toHaveBeenCalled();
  });

  it('deletes selected files for good, only after confirmation', async () => {
    answer(base({ deleteCommonFiles: { items: { count: 1 } } }));
    renderAt('/common-topic/shared-folder', { common_topic_role: true });
    fireEvent.click(await screen.findByRole('checkbox', { name: '議事録.pdf を選択' }));
    fireEvent.click(screen.getByRole('button', { name: '完全に削除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('1件のファイルを削除しますか？共通共有フォルダにはゴミ箱がないため、元に戻せません。');
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('deleteCommonFiles')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '完全に削除' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '完全に削除' }));
    expect(await screen.findByText('ファイルを削除しました。')).toBeTruthy();
    expect(calls('deleteCommonFiles')).toEqual([['deleteCommonFiles', { body: { file_ids: [11] } }]]);
    // The list is read again after the delete.
    await waitFor(() => expect(calls('commonFiles').length).toBeGreaterThan(1));
  });
});

describe('common shared folder upload', () => {
  it('keeps at most 30 files, sends title and memo with progress, then closes and reloads the list', async () => {
    answer(base());
    renderAt('/common-topic/shared-folder', { common_topic_role: true });
    fireEvent.click(await screen.findByRole('button', { name: 'ファイルをアップロード' }));
    expect(screen.getByRole('heading', { name: 'ファイルのアップロード' })).toBeTruthy();
    // Common files have no folders.
    expect(screen.queryByLabelText('保存先フォルダ')).toBeNull();
    pick(Array.from({ length: 31 }, (_, i) => file(`f${i}.txt`)));
    expect(screen.getByRole('alert').textContent).toBe('一度にアップロードできるファイルは30件までです。');
    expect(screen.getAllByRole('button', { name: /を外す$/ })).toHaveLength(30);
    for (let i = 0; i < 30; i++) fireEvent.click(screen.getAllByRole('button', { name: /を外す$/ })[0]!);
    expect(screen.queryByRole('button', { name: /を外す$/ })).toBeNull();
    pick([file('就業規則.pdf', 5)]);
    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '就業規則 2026' } });
    fireEvent.change(screen.getByLabelText('メモ'), { target: { value: '改定版' } });
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().url).toBe('/service/api/v1/members/me/common-share-folder-upload-file');
    expect([...xhr().body!.keys()]).toEqual(['title', 'memo', 'file']);
    expect([xhr().body!.get('title'), xhr().body!.get('memo'), (xhr().body!.get('file') as File).name]).toEqual([
      '就業規則 2026',
      '改定版',
      '就業規則.pdf',
    ]);
    xhr().progress(60, 100);
    expect(await screen.findByText('アップロード中… 60%')).toBeTruthy();
    xhr().respond(200, { items: [DETAIL] });
    expect(await screen.findByText('1件のファイルをアップロードしました。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'ファイルのアップロード' })).toBeNull());
    await waitFor(() => expect(calls('commonFiles').length).toBeGreaterThan(1));
  });

  it('shows a company quota refusal and keeps the form', async () => {
    answer(base());
    renderAt('/common-topic/shared-folder', { common_topic_role: true });
    fireEvent.click(await screen.findByRole('button', { name: 'ファイルをアップロード' }));
    pick([file('大容量.zip')]);
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    xhr().respond(400, { status_code: 'EXCEED_COMPANY_STORAGE_CAPACITY', message: 'over' });
    expect((await screen.findByRole('alert')).textContent).toBe('会社全体の保存容量を超えています。管理者にお問い合わせください。');
    expect(screen.getByRole('heading', { name: 'ファイルのアップロード' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('heading', { name: 'ファイルのアップロード' })).toBeNull();
    expect(screen.getByRole('button', { name: 'ファイルをアップロード' })).toBeTruthy();
  });
});
