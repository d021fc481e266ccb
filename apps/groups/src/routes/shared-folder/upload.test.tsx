import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '@portal/ui';
import { DETAIL, FakeXhr } from '@portal/content/files/testing';
import { answer, call, groupHandlers, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const FOLDERS = { items: [{ id: 4, name: '会議資料', file_count: 0 }] };
const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });
/** A file that claims to be large without allocating it. */
const big = (name: string, bytes: number) => Object.defineProperty(file(name), 'size', { value: bytes });
const pick = (files: File[]) => fireEvent.change(screen.getByLabelText(/ファイルを選択/), { target: { files } });
const MB = 1024 * 1024;
const xhr = () => FakeXhr.all.at(-1)!;

describe('shared-folder/file-create', () => {
  it('keeps at most 30 files and refuses files over the group limit before sending', async () => {
    answer(groupHandlers('admin', { fileFolders: FOLDERS }));
    renderAt('/group/1/shared-folder/file-create');
    await screen.findByRole('heading', { name: 'ファイルのアップロード' });
    pick(Array.from({ length: 31 }, (_, i) => file(`f${i}.txt`)));
    expect(screen.getByRole('alert').textContent).toBe('一度にアップロードできるファイルは30件までです。');
    expect(screen.getAllByRole('button', { name: /を外す$/ })).toHaveLength(30);
    fireEvent.click(screen.getAllByRole('button', { name: /を外す$/ })[0]!);
    pick([big('大きい.mp4', 25 * MB + 1), big('ちょうど.mp4', 25 * MB)]);
    expect(screen.getByRole('alert').textContent).toBe('大きい.mp4 は25MBを超えているため追加できません。');
    expect(screen.getAllByRole('button', { name: /を外す$/ })).toHaveLength(30);
    expect(screen.getByRole('button', { name: 'ちょうど.mp4 を外す' })).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('sends the multipart parts with progress, then goes back to the list', async () => {
    answer(groupHandlers('admin', { fileFolders: FOLDERS }));
    const view = renderAt('/group/1/shared-folder/file-create');
    await screen.findByRole('option', { name: '会議資料' });
    pick([file('報告書.xlsx', 5), file('データ.csv', 7)]);
    fireEvent.change(screen.getByLabelText('メモ'), { target: { value: ' 月次 ' } });
    fireEvent.change(screen.getByLabelText('保存先フォルダ'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/service/api/v1/members/me/groups/1/share-folder-upload-file');
    const form = xhr().body!;
    expect([...form.keys()]).toEqual(['memo', 'folder_id', 'file', 'file']);
    expect(form.get('memo')).toBe('月次');
    expect(form.get('folder_id')).toBe('4');
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['報告書.xlsx', 'データ.csv']);
    // Title only applies to a single file, so it is not sent for two.
    expect(form.has('title')).toBe(false);

    xhr().progress(40, 100);
    expect(await screen.findByText('アップロード中… 40%')).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(40);
    xhr().respond(200, { items: [DETAIL] });
    await waitFor(() => expect(view.where()).toBe('/group/1/shared-folder'));
  });

  it('sends the title of a single file and shows quota refusals without leaving the page', async () => {
    answer(groupHandlers('admin', { fileFolders: FOLDERS }));
    const view = renderAt('/group/1/shared-folder/file-create');
    await screen.findByRole('heading', { name: 'ファイルのアップロード' });
    pick([file('見積.pdf')]);
    fireEvent.change(screen.getByLabelText('タイトル'), { target: { value: '見積書' } });
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().body!.get('title')).toBe('見積書');
    xhr().respond(400, { status_code: 'EXCEED_GROUP_STORAGE_CAPACITY', message: 'over' });
    expect((await screen.findByRole('alert')).textContent).toBe('グループの保存容量を超えています。不要なファイルを削除してください。');
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    xhr().respond(400, { status_code: 'EXCEED_COMPANY_STORAGE_CAPACITY', message: 'over' });
    expect((await screen.findByRole('alert')).textContent).toBe('会社全体の保存容量を超えています。管理者にお問い合わせください。');
    expect(view.where()).toBe('/group/1/shared-folder/file-create');

    // A field the server refuses (the no-script rule) is marked on that field.
    fireEvent.click(screen.getByRole('button', { name: 'アップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    xhr().respond(400, { status_code: 'VALIDATION_ERROR', message: 'invalid', errors: { memo: ['validation.no_script'] } });
    const memo = screen.getByLabelText('メモ');
    await waitFor(() => expect(memo.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('メモにスクリプトは入力できません');
    expect(memo.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('is only for holders of role_edit_shared_folder', async () => {
    answer(groupHandlers('member', { sharedFilesTop: {} }));
    const view = renderAt('/group/1/shared-folder/file-create');
    await waitFor(() => expect(view.where()).toBe('/group/1'));
  });
});

describe('shared-folder/file/:id/file-overwrite', () => {
  it('uploads exactly one file as the new version', async () => {
    answer(groupHandlers('admin', { sharedFile: { items: DETAIL } }));
    const view = renderAt('/group/1/shared-folder/file/11/file-overwrite');
    await screen.findByText('「議事録.pdf」（現在 バージョン2）の新しいバージョンをアップロードします。');
    fireEvent.change(screen.getByLabelText('新しいファイルを選択'), { target: { files: [file('議事録_v3.pdf'), file('x.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: '新しいバージョンをアップロード' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().url).toBe('/service/api/v1/members/me/groups/1/overwrite-file/11');
    expect([...xhr().body!.keys()]).toEqual(['file']);
    expect((xhr().body!.get('file') as File).name).toBe('議事録_v3.pdf');
    xhr().respond(200, { items: DETAIL });
    await waitFor(() => expect(view.where()).toBe('/group/1/shared-folder/file/11'));
  });
});

describe('FileUpload drop zone', () => {
  it('takes dropped files through the same checks', async () => {
    answer(groupHandlers('admin', { fileFolders: FOLDERS }));
    renderAt('/group/1/shared-folder/file-create');
    await screen.findByRole('heading', { name: 'ファイルのアップロード' });
    fireEvent.drop(screen.getByTestId('file-drop'), { dataTransfer: { files: [file('図面.dwg'), big('動画.mov', 30 * MB)] } });
    expect(screen.getByRole('button', { name: '図面.dwg を外す' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '動画.mov を外す' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('動画.mov は25MBを超えているため追加できません。');
  });
});
