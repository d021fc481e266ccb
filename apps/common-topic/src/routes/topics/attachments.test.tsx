import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { clearSession, setSession } from '@portal/api-client/session';
import { closeModal } from '@portal/ui';
import { signedPaths } from '@portal/content/testing';
import { attachment, detail, fakeXhr } from '@portal/content/topics/testing';
import { answer, call, calls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));
const request = vi.mocked(api.request);

const GROUPS = { items: [{ id: 3, name: '営業一課' }] };
const comments = { items: { data: [], current_page: 1, last_page: 1, total: 0 } };
const MB = 1024 * 1024;

let saved: string[];
beforeEach(() => {
  call().mockReset();
  closeModal();
  setSession({ accessToken: 'AT' });
  request.mockReset();
  saved = [];
  // The probe a download makes before handing the signed link to the browser.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('x', { status: 206 }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSession(false);
});

describe('common topic attachments', () => {
  it('downloads one attachment and a zip through the common endpoints', async () => {
    answer({
      commonTopic: {
        items: detail({ topic_type: 1, group_id: null, topic_title: '全社通達', attach_file: [attachment(4), attachment(6)] }),
      },
      commonTopicComments: comments,
    });
    renderAt('/common-topic/topic/5', { common_topic_role: false });
    const box = await screen.findByRole('region', { name: '添付ファイル（2）' });
    fireEvent.click(within(box).getByRole('button', { name: '資料6.pdf' }));
    await waitFor(() => expect(saved).toEqual(['資料6.pdf']));
    fireEvent.click(within(box).getByRole('checkbox', { name: '「資料4.pdf」を選択' }));
    fireEvent.click(within(box).getByRole('button', { name: '選択したファイルをまとめてダウンロード（ZIP）' }));
    await waitFor(() => expect(saved).toEqual(['資料6.pdf', '全社通達_添付ファイル.zip']));
    expect(
      call()
        .mock.calls.filter(([name]) => name === 'signUrls')
        .map(([, args]) => args),
    ).toEqual([
      { body: { items: [{ path: '/members/me/common-topics/5/attachments/6' }] } },
      { body: { items: [{ path: '/members/me/common-topics/download-files', body: { file_ids: [4], is_comment_file: false } }] } },
    ]);
    expect(request).not.toHaveBeenCalled();
  });

  it('posts a common topic with its files as multipart, images uploaded without a group, within the default 25 MB', async () => {
    answer({ groupTags: GROUPS, commonTopic: { items: detail({ id: 11 }) }, commonTopicComments: comments });
    const { sent } = fakeXhr([
      { status: 200, body: { items: { id: 7, url: inlineImageUrl(7), mime: 'image/png', size: 3 } } },
      { status: 200, body: { items: detail({ id: 11 }) } },
    ]);
    renderAt('/common-topic/topic-create', { common_topic_role: true });
    fireEvent.change(await screen.findByLabelText(/タイトル/), { target: { value: '全社お知らせ' } });
    expect(screen.getByText('1トピック30件まで、1ファイル25MBまで添付できます。')).toBeTruthy();
    const picker = screen.getByLabelText('ファイルを追加');
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(26 * MB)], '動画.mp4'), new File(['a,b'], '名簿.csv')] } });
    expect(await screen.findByText('「動画.mp4」は25MBを超えているため添付できません。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('挿入する画像を選択'), {
      target: { files: [new File(['png'], '図.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/service/api/v1/members/me/upload-file-by-tiny');
    fireEvent.click(screen.getByRole('checkbox', { name: '営業一課' }));
    // The image is in the content once the editor reports it.
    await waitFor(() => expect(signedPaths(call())).toContain(inlineImageUrl(7)));
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/common-topic/topic/11'));
    expect(calls('createCommonTopic')).toEqual([]);
    expect(sent[1]!.url).toBe('/service/api/v1/members/me/common-topics/create');
    const data = JSON.parse(sent[1]!.body.get('data') as string) as Record<string, unknown>;
    expect(data).toMatchObject({ topic_title: '全社お知らせ', selected_group: [3] });
    expect(data.content).toContain(`src="${inlineImageUrl(7)}"`);
    expect((sent[1]!.body.getAll('attach_file') as File[]).map((f) => f.name)).toEqual(['名簿.csv']);
  });
});
