import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $getRoot, $isElementNode, type LexicalEditor } from 'lexical';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { clearSession, setSession } from '@portal/api-client/session';
import { closeModal } from '@portal/ui';
import { $isInlineImageNode } from '@portal/content/topic-editor';
import { attachment, fakeXhr } from '@portal/content/topics/testing';
import { signedPaths } from '@portal/content/testing';
import { answer, call, GROUP, groupHandlers, pageCalls, renderAt } from '../test-utils';
import { commentPage, detail, FOLDERS } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const MB = 1024 * 1024;
const calls = (name: string) => pageCalls().filter(([n]) => n === name);
const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });
const pick = (input: HTMLElement, files: File[]) => fireEvent.change(input, { target: { files } });
const imageReply = (id: number) => ({ status: 200, body: { items: { id, url: inlineImageUrl(id), mime: 'image/png', size: 10 } } });

beforeEach(() => {
  call().mockReset();
  vi.mocked(api.request).mockReset();
  vi.mocked(api.request).mockImplementation(async () => new Response(new Blob(['png'], { type: 'image/png' })));
  closeModal();
  setSession({ accessToken: 'AT' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(false);
});

async function editorOf() {
  const root = (await screen.findByRole('textbox', { name: '本文' })) as HTMLElement & { __lexicalEditor?: LexicalEditor };
  return root.__lexicalEditor!;
}

describe('group-topic-create with attachments and inline images', () => {
  it('refuses files over the group’s size, lets one be removed, inserts an image and saves all as one multipart post', async () => {
    answer(
      groupHandlers(
        'admin',
        { topicFolders: FOLDERS, topicDetail: { items: detail({ id: 9 }) }, topicComments: commentPage([]) },
        { ...GROUP, max_img_size_per_attachment: 1 },
      ),
    );
    const { sent } = fakeXhr([imageReply(12), { status: 200, body: { items: detail({ id: 9 }) } }]);
    const view = renderAt('/group/1/topic-create');
    fireEvent.change(await screen.findByLabelText(/タイトル/), { target: { value: '週報' } });
    expect(screen.getByText('1トピック30件まで、1ファイル1MBまで添付できます。')).toBeTruthy();

    pick(screen.getByLabelText('ファイルを追加'), [
      file('議事録.pdf', 3000),
      file('大きい.mov', 2 * MB, 'video/mp4'),
      file('メモ.txt', 10, 'text/plain'),
    ]);
    expect(await screen.findByText('「大きい.mov」は1MBを超えているため添付できません。')).toBeTruthy();
    const list = screen.getByRole('list', { name: '添付するファイル' });
    expect(within(list).getByText('議事録.pdf')).toBeTruthy();
    expect(within(list).getByText('3 KB')).toBeTruthy();
    expect(within(list).queryByText('大きい.mov')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: '「メモ.txt」を外す' }));
    expect(within(list).queryByText('メモ.txt')).toBeNull();

    // The image goes up on its own first; the editor then holds its internal URL.
    pick(screen.getByLabelText('挿入する画像を選択'), [file('図.png', 100, 'image/png')]);
    const editor = await editorOf();
    await waitFor(() => expect(editor.getEditorState().read(() => $getRoot().getTextContent())).toBe(''));
    await waitFor(() =>
      expect(
        editor.getEditorState().read(() =>
          $getRoot()
            .getChildren()
            .flatMap((n) => ($isElementNode(n) ? n.getChildren() : []))
            .some($isInlineImageNode),
        ),
      ).toBe(true),
    );
    expect(sent[0]!.url).toBe('/service/api/v1/members/me/upload-file-by-tiny?group_id=1');
    // Shown from a signed link, never from the bare API URL (which needs the token).
    await waitFor(() => expect(signedPaths(call())).toContain(inlineImageUrl(12)));

    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/topic/9'));
    expect(calls('newTopic')).toEqual([]);
    const save = sent[1]!;
    expect(save.url).toBe('/service/api/v1/members/me/groups/1/topics/new-topic');
    expect(save.headers.Authorization).toBe('Bearer AT');
    const data = JSON.parse(save.body.get('data') as string) as Record<string, unknown>;
    expect(data).toMatchObject({ topic_title: '週報', folder_id: null });
    expect(data.content).toContain(`<img src="${inlineImageUrl(12)}" alt="図.png">`);
    expect(data.content).not.toContain('blob:');
    expect(data).not.toHaveProperty('deleted_tiny_src');
    expect((save.body.getAll('attach_file') as File[]).map((f) => f.name)).toEqual(['議事録.pdf']);
  });

  it('shows the upload’s progress while the post runs', async () => {
    answer(groupHandlers('admin', { topicFolders: FOLDERS }));
    fakeXhr(['pending']);
    renderAt('/group/1/topic-create');
    fireEvent.change(await screen.findByLabelText(/タイトル/), { target: { value: '資料' } });
    pick(screen.getByLabelText('ファイルを追加'), [file('a.pdf', 10)]);
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('value')).toBe('0.5'));
    expect(screen.getByText('アップロード中… 50%')).toBeTruthy();
  });

  it('says why an image was not inserted', async () => {
    answer(groupHandlers('admin', { topicFolders: FOLDERS }));
    const { sent } = fakeXhr([
      { status: 400, body: { status_code: 'UPLOAD_OVER_SIZE', message: 'big', data: { max_mb: 2, image_error: 2 } } },
    ]);
    renderAt('/group/1/topic-create');
    await editorOf();
    pick(screen.getByLabelText('挿入する画像を選択'), [file('a.svg', 10, 'image/svg+xml'), file('b.png', 10, 'image/png')]);
    expect(await screen.findByText('「a.svg」は挿入できません。PNG、JPEG、GIF、WebP の画像を選んでください。')).toBeTruthy();
    expect(await screen.findByText('「b.png」は大きすぎます。本文に挿入できる画像は2MBまでです。')).toBeTruthy();
    // Only the PNG was sent; the SVG was refused before it left.
    expect(sent).toHaveLength(1);
  });
});

describe('group-topic-update with attachments and inline images', () => {
  it('sends the removed attachment and the inline image taken out of the body', async () => {
    const content = `<p>前<img src="${inlineImageUrl(3)}" alt="図"></p>`;
    answer(
      groupHandlers('admin', {
        checkLockTopic: { items: { lock_token: 'TOK', expires_at: 1, ttl_ms: 300000 } },
        unlockTopic: { items: { ok: true } },
        topicDetail: { items: detail({ content, attach_file: [attachment(4), attachment(5, { name: '古い.pdf' })] }) },
        topicComments: commentPage([]),
        updateTopic: { items: detail() },
      }),
    );
    const view = renderAt('/group/1/topic-update/5');
    const list = await screen.findByRole('list', { name: '添付するファイル' });
    fireEvent.click(within(list).getByRole('button', { name: '「古い.pdf」を外す' }));
    expect(within(list).getByText('保存すると削除')).toBeTruthy();
    const editor = await editorOf();
    await act(async () => {
      editor.update(
        () =>
          $getRoot()
            .getAllTextNodes()[0]!
            .getParentOrThrow()
            .getChildren()
            .filter($isInlineImageNode)
            .forEach((n) => n.remove()),
        { discrete: true },
      );
    });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/topic/5'));
    const [[, args]] = calls('updateTopic') as [[string, { body: Record<string, unknown> }]];
    expect(args.body).toMatchObject({ lock_token: 'TOK', deleted_attach_file: [5], deleted_tiny_src: [inlineImageUrl(3)] });
    expect(args.body.content).not.toContain('<img');
  });
});
