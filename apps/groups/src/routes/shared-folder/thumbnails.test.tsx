import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { signedPaths, testSignedUrl } from '@portal/content/testing';
import { COUNTS, DETAIL, listPage, ROW, ROW2, storage } from '@portal/content/files/testing';
import { answer, call, groupHandlers, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const signed = () => signedPaths(call());
const THUMB = '/members/me/groups/1/share-folder-file/12/thumbnail?v=3';
const PREVIEW = '/members/me/groups/1/share-folder-file/12/preview?v=3';
const HIDE_PICTURES = {
  ...DEFAULT_USER_SETTINGS,
  setting_display: { ...DEFAULT_USER_SETTINGS.setting_display, display_image_video: 0 as const },
};
const PHOTO = { ...ROW2, id: 12, version: 3, has_thumbnail: true };
const BROKEN = { ...ROW2, id: 13, title: '壊れた.png', name: '壊れた.png', has_thumbnail: false };
const PHOTO_DETAIL = { ...DETAIL, ...PHOTO, kind: 'image' as const, mime: 'image/png', can_preview: true, is_read: true };

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const listHandlers = (extra: Record<string, unknown> = {}) =>
  groupHandlers('member', {
    sharedFileCount: COUNTS,
    fileFolders: { items: [] },
    groupStorage: storage(12),
    sharedFiles: listPage([ROW, PHOTO, BROKEN]),
    ...extra,
  });
const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

describe('shared-folder thumbnails', () => {
  it('lists images with their thumbnail from a signed link, and other files with the kind icon', async () => {
    answer(listHandlers());
    renderAt('/group/1/shared-folder');
    await screen.findByRole('link', { name: '写真.png' });
    await waitFor(() =>
      expect(within(rowOf('写真.png')).getByRole('img', { name: '画像' }).getAttribute('src')).toBe(
        testSignedUrl(`/service/api/v1${THUMB}`),
      ),
    );
    expect(signed()).toEqual([`/service/api/v1${THUMB}`]);
    expect(api.request).not.toHaveBeenCalled();
    // No thumbnail: the kind icon (an svg), and no request for it.
    expect(within(rowOf('壊れた.png')).getByRole('img', { name: '画像' }).tagName.toLowerCase()).toBe('svg');
    expect(within(rowOf('議事録.pdf')).getByRole('img', { name: 'PDF' }).tagName.toLowerCase()).toBe('svg');
  });

  it('keeps the kind icon when the thumbnail cannot be loaded', async () => {
    answer(listHandlers());
    renderAt('/group/1/shared-folder');
    await screen.findByRole('link', { name: '写真.png' });
    await waitFor(() => expect(within(rowOf('写真.png')).getByRole('img', { name: '画像' }).tagName.toLowerCase()).toBe('img'));
    fireEvent.error(within(rowOf('写真.png')).getByRole('img', { name: '画像' }));
    expect(within(rowOf('写真.png')).getByRole('img', { name: '画像' }).tagName.toLowerCase()).toBe('svg');
  });

  it('shows no pictures in the list when the display setting hides them', async () => {
    answer(listHandlers());
    const view = renderAt('/group/1/shared-folder');
    view.queryClient.setQueryData(queryKeys.settings(), HIDE_PICTURES);
    await screen.findByRole('link', { name: '写真.png' });
    expect(within(rowOf('写真.png')).getByRole('img', { name: '画像' }).tagName.toLowerCase()).toBe('svg');
    expect(signed()).toEqual([]);
  });
});

describe('shared-folder storage warnings', () => {
  it('warns about the company capacity at 80 % and when full, next to the group figure', async () => {
    answer(listHandlers({ groupStorage: storage(12, 85) }));
    const first = renderAt('/group/1/shared-folder');
    const company = await screen.findByRole('region', { name: '会社全体の保存容量' });
    expect(within(company).getByRole('alert').textContent).toBe(
      '会社全体の保存容量の使用量が80%を超えました。管理者にお問い合わせください。',
    );
    expect(within(company).getByText('使用量 8.50 GB / 10.00 GB（85.00%）')).toBeTruthy();
    // The group itself is fine: one alert only.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    first.unmount();

    answer(listHandlers({ groupStorage: storage(100, 100) }));
    renderAt('/group/1/shared-folder');
    await screen.findByRole('region', { name: '会社全体の保存容量' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '容量がいっぱいです。ファイルを追加できません。',
      '会社全体の保存容量がいっぱいです。ファイルを追加できません。管理者にお問い合わせください。',
    ]);
  });

  it('shows no company line below 80 %', async () => {
    answer(listHandlers({ groupStorage: storage(50, 79.99) }));
    renderAt('/group/1/shared-folder');
    await screen.findByRole('region', { name: 'グループの保存容量' });
    expect(screen.queryByRole('region', { name: '会社全体の保存容量' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('shared-folder file detail preview', () => {
  const detailHandlers = (file: object) =>
    groupHandlers('member', { sharedFile: { items: file }, fileHistory: { items: { data: [], current_page: 1, last_page: 1, total: 0 } } });

  it('shows an image from its thumbnail and fetches the original only when asked', async () => {
    answer(detailHandlers(PHOTO_DETAIL));
    renderAt('/group/1/shared-folder/file/12');
    const shown = await screen.findByRole('img', { name: '写真.png' });
    expect(shown.getAttribute('src')).toBe(testSignedUrl(THUMB));
    expect(signed()).toEqual([THUMB]);
    fireEvent.click(screen.getByRole('button', { name: '元のサイズで表示' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '写真.png' }).getAttribute('src')).toBe(testSignedUrl(PREVIEW)));
    expect(signed()).toEqual([THUMB, PREVIEW]);
    expect(screen.queryByRole('button', { name: '元のサイズで表示' })).toBeNull();
  });

  it('falls back to the original when the thumbnail fails, and previews images without one directly', async () => {
    answer(detailHandlers(PHOTO_DETAIL));
    const first = renderAt('/group/1/shared-folder/file/12');
    await waitFor(() => expect(screen.getByRole('img', { name: '写真.png' }).getAttribute('src')).toBe(testSignedUrl(THUMB)));
    fireEvent.error(screen.getByRole('img', { name: '写真.png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '写真.png' }).getAttribute('src')).toBe(testSignedUrl(PREVIEW)));
    expect(signed()).toEqual([THUMB, PREVIEW]);
    first.unmount();

    call().mockClear();
    answer(detailHandlers({ ...PHOTO_DETAIL, has_thumbnail: false }));
    renderAt('/group/1/shared-folder/file/12');
    await screen.findByRole('img', { name: '写真.png' });
    expect(signed()).toEqual([PREVIEW]);
  });

  it('waits for a click when the display setting hides pictures', async () => {
    answer(detailHandlers(PHOTO_DETAIL));
    const view = renderAt('/group/1/shared-folder/file/12');
    view.queryClient.setQueryData(queryKeys.settings(), HIDE_PICTURES);
    const show = await screen.findByRole('button', { name: 'プレビューを表示' });
    expect(screen.queryByRole('img', { name: '写真.png' })).toBeNull();
    expect(signed()).toEqual([]);
    fireEvent.click(show);
    expect((await screen.findByRole('img', { name: '写真.png' })).getAttribute('src')).toBe(testSignedUrl(THUMB));
    expect(signed()).toEqual([THUMB]);
  });
});
