import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { postMultipart } from '@portal/content/kit';
import { answerCalls, renderRemote } from '@portal/content/testing';
import ChatRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
vi.mock('@portal/content/kit', async (orig) => ({ ...(await orig<typeof import('@portal/content/kit')>()), postMultipart: vi.fn() }));

const person = (id: number, name: string) => ({ id, name, avatar: null, user_active_status: 0, pivot: { favorite: 0 } });
const chat = (createdBy: number) => ({
  id: 7,
  name: '企画',
  group_id: 3,
  only_user: 0,
  count_message_not_seen: 0,
  last_message: '',
  last_message_special: 0,
  last_message_deleted: false,
  sender: null,
  size: 3,
  created_by_user_id: createdBy,
  created_at: 1,
  updated_at: Date.now(),
  deleted_at: null,
  favorite: 0,
  user_group_chat: [person(1, '佐藤 太郎'), person(2, '鈴木 花子'), person(3, '高橋 健一')],
});

function setup(createdBy: number) {
  const calls: string[] = [];
  answerCalls(vi.mocked(api.call), {
    me: { items: { info: { id: 1, name: '佐藤 太郎' } } },
    settings: { items: { setting_display: { display_image_video: 1 } } },
    chatList: { items: { data: [chat(createdBy)], current_page: 1, last_page: 1, total: 1, total_unread: 0 } },
    chatShow: { items: chat(createdBy) },
    chatMessages: { items: { data: [], has_more: false, last_no: 0, read_no: 0 } },
    destroyChat: () => {
      calls.push('destroyChat');
      return { items: { ok: true } };
    },
  });
  return calls;
}

describe('chat detail actions', () => {
  it('the maker of a group chat can delete it after confirming; it goes back to the list', async () => {
    const calls = setup(1);
    const r = renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    fireEvent.click(await screen.findByRole('button', { name: 'チャットを削除' }));
    fireEvent.click(await screen.findByRole('button', { name: /^(削除|OK|はい|削除する)$/ }));
    await waitFor(() => expect(calls).toEqual(['destroyChat']));
    await waitFor(() => expect(r.where()).toBe('/chat/list'));
  });

  it('another member does not get the delete button', async () => {
    setup(2);
    renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    await screen.findByRole('button', { name: 'ギャラリー' });
    expect(screen.queryByRole('button', { name: 'チャットを削除' })).toBeNull();
  });

  it('an image pasted into the message box is sent through upload-file-by-tiny; pasted text is left alone', async () => {
    setup(2);
    const post = vi.mocked(postMultipart);
    post.mockResolvedValue({ items: {} } as never);
    renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    const box = await screen.findByRole('textbox', { name: 'メッセージ' });
    fireEvent.paste(box, { clipboardData: { files: [], getData: () => 'text' } });
    expect(post).not.toHaveBeenCalled();
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'image.png', { type: 'image/png' });
    fireEvent.paste(box, { clipboardData: { files: [image], getData: () => '' } });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(String(post.mock.calls[0]![0])).toMatch(/\/group-chat-gallery\/7\/upload-file-by-tiny$/);
    const form = (post.mock.calls[0]![1] as () => FormData)();
    expect((form.get('file') as File).name).toBe('image.png');
  });
});
