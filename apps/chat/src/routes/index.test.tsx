import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { answerCalls, renderRemote } from '@portal/content/testing';
import ChatRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

const ME = { info: { id: 1, name: '佐藤 太郎' } };
const person = (id: number, name: string) => ({ id, name, avatar: null, user_active_status: 0, pivot: { favorite: 0 } });
const CHAT = {
  id: 7,
  name: '',
  group_id: 3,
  only_user: 0,
  count_message_not_seen: 2,
  last_message: 'こんにちは',
  last_message_special: 0,
  last_message_deleted: false,
  sender: { id: 2, name: '鈴木 花子' },
  size: 4,
  created_by_user_id: 1,
  created_at: 1,
  updated_at: Date.now(),
  deleted_at: null,
  favorite: 0,
  user_group_chat: [person(1, '佐藤 太郎'), person(2, '鈴木 花子'), person(3, '高橋 健一'), person(4, '田中 一郎')],
};
const message = (index: number, content: string, own = false) => ({
  id: 100 + index,
  group_chat_id: 7,
  index,
  content,
  sender_id: own ? 1 : 2,
  userName: own ? '佐藤 太郎' : '鈴木 花子',
  userAvatar: null,
  user_active_status: 0,
  created_at: Date.now(),
  messageSpecial: 0,
  isOwnMsg: own,
  isCanDelete: own,
  is_deleted: false,
  liker: [],
  isLike: false,
  replyMessage: null,
  file: [],
  is_html_content: 0,
  client_message_id: null,
  read_count: 0,
  read_by: [],
});

function setup() {
  const sent: unknown[] = [];
  answerCalls(vi.mocked(api.call), {
    me: { items: ME },
    settings: { items: { setting_display: { display_image_video: 1 } } },
    chatList: { items: { data: [CHAT], current_page: 1, last_page: 1, total: 1, total_unread: 2 } },
    chatShow: { items: CHAT },
    chatMessages: { items: { data: [message(1, '最初'), message(2, '次')], has_more: false, last_no: 2, read_no: 2 } },
    sendMessage: (args) => {
      sent.push((args as { body: unknown }).body);
      return { items: message(3, 'x', true) };
    },
  });
  return sent;
}

describe('chat routes (spec section 2)', () => {
  it('/chat goes to the list: titles of at most two names then "others", unread counts, last message', async () => {
    setup();
    const r = renderRemote('/chat', { mount: '/chat', routes: ChatRoutes });
    const list = await screen.findByRole('list', { name: 'チャット一覧' });
    expect(r.where()).toBe('/chat/list');
    expect(within(list).getByText('鈴木 花子、高橋 健一 他1名')).toBeTruthy();
    expect(within(list).getByText('こんにちは')).toBeTruthy();
    expect(within(list).getByLabelText(/2/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('グループポータル | チャット'));
  });

  it('the composer sends on Enter, never on an Enter that confirms an IME conversion, and keeps Shift+Enter for a newline', async () => {
    const sent = setup();
    renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    expect(await screen.findByText('最初')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'メッセージ' });
    fireEvent.change(box, { target: { value: 'にほんご' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 }); // Safari: after compositionend
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: '日本語' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: '日本語' });
    expect((sent[0] as { client_message_id: string }).client_message_id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('an unknown chat id says the chat is not found', async () => {
    answerCalls(vi.mocked(api.call), {
      me: { items: ME },
      settings: { items: { setting_display: { display_image_video: 1 } } },
      chatList: { items: { data: [], current_page: 1, last_page: 1, total: 0, total_unread: 0 } },
      chatShow: () => {
        throw new Error('404');
      },
      chatMessages: () => {
        throw new Error('404');
      },
    });
    renderRemote('/chat/detail/99', { mount: '/chat', routes: ChatRoutes });
    expect(await screen.findByText('このチャットは存在しないか、アクセス権限がありません。')).toBeTruthy();
    // happy-dom's window is narrower than 1200 px: the detail is a screen of its own.
    expect(screen.queryByRole('list', { name: 'チャット一覧' })).toBeNull();
  });

  it('sends unknown paths to the shell not-found page', () => {
    setup();
    const r = renderRemote('/chat/no/such/page', { mount: '/chat', routes: ChatRoutes });
    expect(r.where()).toBe('/page-not-found');
  });
});
