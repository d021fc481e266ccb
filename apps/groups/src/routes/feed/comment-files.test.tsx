import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '@portal/ui';
import { FakeXhr } from '@portal/content/files/testing';
import { draftKey, groupScope } from '@portal/content/topics';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';
import { comment, commentPage, detail } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
  sessionStorage.clear();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const xhr = () => FakeXhr.all.at(-1)!;
const file = (name: string, type = 'application/pdf') => new File([new Uint8Array(10)], name, { type });
const ATTACHED = [
  { id: 31, name: '写真.png', size: 2048, kind: 'image', mime: 'image/png', uploaded_at: 0, can_preview: true },
  { id: 32, name: '見積.pdf', size: 4096, kind: 'pdf', mime: 'application/pdf', uploaded_at: 0, can_preview: true },
];

describe('comment attachments', () => {
  it('lists a comment’s files under it, one by one or all for the zip', async () => {
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail() },
        topicComments: commentPage([comment(11, { attach_file: ATTACHED } as never)]),
      }),
    );
    renderAt('/group/1/topic/5');
    const list = await screen.findByRole('region', { name: 'このコメントの添付ファイル（2）' });
    expect(within(list).getByRole('button', { name: '写真.png' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: '見積.pdf' })).toBeTruthy();
    const zip = within(list).getByRole('button', { name: '選択したファイルをまとめてダウンロード（ZIP）' }) as HTMLButtonElement;
    expect(zip.disabled).toBe(true);
    fireEvent.click(within(list).getByRole('checkbox', { name: 'すべて選択' }));
    expect(zip.disabled).toBe(false);
  });

  it('sends picked files with the comment as one multipart request, then clears the form', async () => {
    answer(groupHandlers('member', { topicDetail: { items: detail() }, topicComments: commentPage([]) }));
    renderAt('/group/1/topic/5');
    const box = await screen.findByLabelText('コメントを書く');
    fireEvent.change(box, { target: { value: '資料です' } });
    fireEvent.change(screen.getByLabelText('ファイルを添付'), { target: { files: [file('見積.pdf')] } });
    expect(within(screen.getByRole('list', { name: 'このコメントに添付するファイル' })).getByText('見積.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'コメントする' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/service/api/v1/members/me/groups/1/topics/add-new-comment');
    const form = xhr().body!;
    expect(JSON.parse(String(form.get('data')))).toEqual({ topic_id: 5, content: '資料です', parent_id: null, is_anonymous: false });
    expect((form.getAll('attach_file') as File[]).map((f) => f.name)).toEqual(['見積.pdf']);
    expect(pageCalls().filter(([n]) => n === 'addTopicComment')).toEqual([]);
    xhr().respond(200, { items: comment(40) });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('list', { name: 'このコメントに添付するファイル' })).toBeNull();
  });

  it('uploads an inserted image at once (comment=1) and sends it in the content; the draft keeps it', async () => {
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail() },
        topicComments: commentPage([]),
        addTopicComment: { items: comment(41) },
      }),
    );
    renderAt('/group/1/topic/5');
    await screen.findByLabelText('コメントを書く');
    fireEvent.change(screen.getByLabelText('画像を挿入'), { target: { files: [file('図.png', 'image/png')] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(xhr().url).toBe('/service/api/v1/members/me/upload-file-by-tiny?group_id=1&comment=1');
    xhr().respond(200, { items: { id: 9, url: '/service/api/v1/members/me/inline-images/9', mime: 'image/png', size: 10 } });
    await screen.findByRole('list', { name: 'このコメントに挿入する画像' });
    // The draft is written by an effect after the render that shows the image (flaky in CI when read at once).
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(`${draftKey(groupScope(1), 5, null)}:images`) ?? 'null')).toEqual([
        '/service/api/v1/members/me/inline-images/9',
      ]),
    );
    // An image alone is a comment; without files it goes as JSON.
    fireEvent.click(screen.getByRole('button', { name: 'コメントする' }));
    await waitFor(() => expect(pageCalls().filter(([n]) => n === 'addTopicComment')).toHaveLength(1));
    expect(pageCalls().find(([n]) => n === 'addTopicComment')![1]).toEqual({
      params: { id: 1 },
      body: {
        topic_id: 5,
        content: '<p><img src="/service/api/v1/members/me/inline-images/9" alt=""></p>',
        parent_id: null,
        is_anonymous: false,
      },
    });
  });

  it('refuses a picked file that is not an image for insertion, without uploading', async () => {
    answer(groupHandlers('member', { topicDetail: { items: detail() }, topicComments: commentPage([]) }));
    renderAt('/group/1/topic/5');
    await screen.findByLabelText('コメントを書く');
    fireEvent.change(screen.getByLabelText('画像を挿入'), { target: { files: [file('a.pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('a.pdf');
    expect(FakeXhr.all).toHaveLength(0);
  });
});
