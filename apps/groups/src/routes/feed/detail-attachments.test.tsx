import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { attachment } from '@portal/content/topics/testing';
import { signedPaths, testSignedUrl } from '@portal/content/testing';
import { answer, call, groupHandlers, renderAt } from '../test-utils';
import { commentPage, detail } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));
const request = vi.mocked(api.request);
const MB = 1024 * 1024;

let saved: { name: string; href: string }[];
beforeEach(() => {
  call().mockReset();
  closeModal();
  request.mockReset();
  saved = [];
  // The probe a download makes before handing the signed link to the browser.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('x', { status: 206 }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href')! });
  });
});
afterEach(() => vi.restoreAllMocks());

const files = [
  attachment(4, { name: '議事録.pdf', size: 3 * 1024 }),
  attachment(5, { name: '写真.jpg', kind: 'image', mime: 'image/jpeg', size: 2 * MB }),
];

function openTopic(over: Parameters<typeof detail>[0] = {}) {
  answer(
    groupHandlers('member', {
      topicDetail: { items: detail({ attach_file: files, total_attach_file: 2, ...over }) },
      topicComments: commentPage([]),
    }),
  );
  return renderAt('/group/1/topic/5');
}

describe('group-topic-detail attachments', () => {
  it('lists each attachment with its kind, name and size and downloads one by a signed link', async () => {
    openTopic();
    const box = await screen.findByRole('region', { name: '添付ファイル（2）' });
    expect(within(box).getByRole('img', { name: 'PDF' })).toBeTruthy();
    expect(within(box).getByRole('img', { name: '画像' })).toBeTruthy();
    expect(within(box).getByText('3 KB')).toBeTruthy();
    expect(within(box).getByText('2.0 MB')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: '議事録.pdf' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: '議事録.pdf', href: testSignedUrl('/members/me/groups/1/topics/5/attachments/4') }]),
    );
    expect(request).not.toHaveBeenCalled();
  });

  it('downloads the selected attachments as one zip through the group’s download-files', async () => {
    openTopic();
    const box = await screen.findByRole('region', { name: '添付ファイル（2）' });
    const zip = within(box).getByRole('button', { name: '選択したファイルをまとめてダウンロード（ZIP）' }) as HTMLButtonElement;
    expect(zip.disabled).toBe(true);
    fireEvent.click(within(box).getByRole('checkbox', { name: 'すべて選択' }));
    expect(within(box).getByText('2件選択中')).toBeTruthy();
    fireEvent.click(within(box).getByRole('checkbox', { name: '「写真.jpg」を選択' }));
    fireEvent.click(within(box).getByRole('checkbox', { name: '「写真.jpg」を選択' }));
    fireEvent.click(zip);
    await waitFor(() =>
      expect(saved).toEqual([{ name: '週報_添付ファイル.zip', href: testSignedUrl('/members/me/groups/1/download-files') }]),
    );
    // The ids travel inside the signed link; the browser streams the zip to disk.
    expect(call()).toHaveBeenCalledWith('signUrls', {
      body: { items: [{ path: '/members/me/groups/1/download-files', body: { file_ids: [4, 5], is_comment_file: false } }] },
    });
    expect(request).not.toHaveBeenCalled();
  });

  it('refuses a zip over 500 MB before asking the server', async () => {
    openTopic({ attach_file: [attachment(4, { size: 300 * MB }), attachment(5, { size: 250 * MB })] });
    const box = await screen.findByRole('region', { name: '添付ファイル（2）' });
    fireEvent.click(within(box).getByRole('checkbox', { name: 'すべて選択' }));
    fireEvent.click(within(box).getByRole('button', { name: '選択したファイルをまとめてダウンロード（ZIP）' }));
    expect(await screen.findByText('一度にダウンロードできる合計サイズは500MBまでです。')).toBeTruthy();
    expect(signedPaths(call())).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('shows no attachment box for a topic without attachments, and inline images by signed links', async () => {
    openTopic({ attach_file: [], total_attach_file: 0, content: `<p>図<img src="${inlineImageUrl(8)}" alt="図1"></p>` });
    const img = await screen.findByRole('img', { name: '図1' });
    await waitFor(() => expect(img.getAttribute('src')).toBe(testSignedUrl(inlineImageUrl(8))));
    expect(signedPaths(call())).toEqual([inlineImageUrl(8)]);
    expect(screen.queryByRole('region', { name: /添付ファイル/ })).toBeNull();
  });
});
