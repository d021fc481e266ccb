import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { signedPaths, testSignedUrl } from '@portal/content/testing';
import { uploadGroupImage } from '../../api/upload';
import { answer, call, GROUP, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));
// The XMLHttpRequest transport has its own test (api/upload.test.ts); here only what the page sends.
vi.mock('../../api/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/upload')>()),
  uploadGroupImage: vi.fn(),
}));

const ICON_URL = '/service/api/v1/members/me/groups/1/images/icon/0123456789abcdef0123456789abcdef.png';
const UPLOADED = { ...GROUP, icon_image: 1, icon_image_path: ICON_URL, icon_image_small_path: ICON_URL, icon_file_name: 'logo.png' };
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const dialog = () => screen.findByRole('alertdialog');

beforeEach(() => {
  call().mockReset();
  vi.mocked(uploadGroupImage).mockReset();
  vi.mocked(api.request)
    .mockReset()
    .mockImplementation(async () => new Response(new Blob([new Uint8Array([1])], { type: 'image/png' })));
  closeModal();
});

describe('setting/information-edit images', () => {
  it('uploads a chosen icon with progress, after checking type and size in the browser', async () => {
    answer(groupHandlers('admin'));
    let finish!: () => void;
    vi.mocked(uploadGroupImage).mockImplementation((_g, _t, _f, onProgress) => {
      onProgress?.(0.4);
      return new Promise((resolve) => (finish = () => resolve(UPLOADED)));
    });
    renderAt('/group/1/setting/information-edit');
    expect(((await screen.findByRole('radio', { name: 'デフォルト' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'アップロード画像' }));
    const input = screen.getByLabelText('アイコン画像');

    choose(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('画像として読み込めません。JPEG、PNG、GIF形式のファイルを選択してください。')).toBeTruthy();
    choose(input, png(25 * 1024 * 1024 + 1));
    expect(await screen.findByText('画像のサイズが大きすぎます。25MB以下のファイルを選択してください。')).toBeTruthy();
    choose(input, new File([], 'empty.png', { type: 'image/png' }));
    expect(await screen.findByText('画像ファイルを選択してください。')).toBeTruthy();
    expect(uploadGroupImage).not.toHaveBeenCalled();

    const file = png();
    choose(input, file);
    expect(await screen.findByText('アップロード中… 40%')).toBeTruthy();
    expect(vi.mocked(uploadGroupImage).mock.calls[0]?.slice(0, 3)).toEqual([1, 'icon', file]);
    finish();
    expect(await screen.findByText('アイコンを変更しました。')).toBeTruthy();
    expect(pageCalls()).toEqual([]);
  });

  it('shows the server’s image error for the field (too small, over the group limit)', async () => {
    answer(groupHandlers('admin', {}, { ...GROUP, max_img_size_per_attachment: 5 }));
    const refuse = (errors: string[], data: Record<string, unknown>) =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_ERROR', 'x', { status_code: 'VALIDATION_ERROR', message: 'x', errors: { file: errors }, data }),
      );
    vi.mocked(uploadGroupImage)
      .mockImplementationOnce(() => refuse(['validation.image_dimensions'], { image_error: 3, width: 500, height: 100 }))
      .mockImplementationOnce(() => refuse(['validation.image_type'], { image_error: 3 }));
    renderAt('/group/1/setting/information-edit');
    const input = await screen.findByLabelText('ヘッダー画像');
    expect(screen.getByText('JPEG・PNG・GIF形式、5MB以下、幅500px以上・高さ100px以上の画像を選択してください。')).toBeTruthy();
    choose(input, png());
    expect(await screen.findByText('画像が小さすぎます。幅500px以上、高さ100px以上の画像を選択してください。')).toBeTruthy();
    choose(input, png());
    expect(await screen.findByText('画像として読み込めません。JPEG、PNG、GIF形式のファイルを選択してください。')).toBeTruthy();
    expect(vi.mocked(uploadGroupImage).mock.calls.map((c) => c.slice(0, 2))).toEqual([
      [1, 'header-image'],
      [1, 'header-image'],
    ]);
  });

  it('shows the stored icon from a signed link and confirms before NONE removes it', async () => {
    answer(groupHandlers('admin', { setGroupIcon: { items: { ...GROUP, icon_image: 3 } } }, UPLOADED));
    renderAt('/group/1/setting/information-edit');
    const preview = (await screen.findByAltText('アイコン画像のプレビュー')) as HTMLImageElement;
    await waitFor(() => expect(preview.getAttribute('src')).toBe(testSignedUrl(ICON_URL)));
    // The group header and the field share one signed link of the same URL.
    expect(signedPaths(call())).toEqual([ICON_URL]);
    expect(screen.getByText('現在のファイル：logo.png')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'なし' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'アップロード画像' }) as HTMLInputElement).checked).toBe(true));
    expect(pageCalls()).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'なし' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: /OK|削除|はい/ }));
    expect(await screen.findByText('アイコンを変更しました。')).toBeTruthy();
    expect(pageCalls()).toEqual([['setGroupIcon', { params: { id: 1 }, body: { icon_image: 3 } }]]);
  });

  it('removes the header image after confirmation', async () => {
    const withHeader = { ...GROUP, header_image: '/service/api/v1/members/me/groups/1/images/header/0123456789abcdef0123456789abcdef.gif' };
    answer(groupHandlers('admin', { deleteGroupHeader: { items: GROUP } }, withHeader));
    renderAt('/group/1/setting/information-edit');
    fireEvent.click(await screen.findByRole('button', { name: 'ヘッダー画像を削除' }));
    expect((await dialog()).textContent).toContain('ヘッダー画像を削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: /OK|削除|はい/ }));
    expect(await screen.findByText('ヘッダー画像を削除しました。')).toBeTruthy();
    expect(pageCalls()).toEqual([['deleteGroupHeader', { params: { id: 1 } }]]);
  });
});
