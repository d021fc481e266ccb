import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { chatQueryKeys } from '@portal/api-client/core';
import { answerCalls, renderRemote } from '@portal/content/testing';
import ChatRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

const person = (id: number, name: string) => ({ id, name, avatar: null, user_active_status: 0, pivot: { favorite: 0 } });
const CHAT = {
  id: 7,
  name: '',
  group_id: 3,
  only_user: 1,
  count_message_not_seen: 0,
  last_message: '',
  last_message_special: 0,
  last_message_deleted: false,
  sender: null,
  size: 2,
  created_by_user_id: 1,
  created_at: 1,
  updated_at: Date.now(),
  deleted_at: null,
  favorite: 0,
  user_group_chat: [person(1, '佐藤 太郎'), person(2, '鈴木 花子')],
};
const message = (index: number, content: string) => ({
  id: 100 + index,
  group_chat_id: 7,
  index,
  content,
  sender_id: 2,
  userName: '鈴木 花子',
  userAvatar: null,
  user_active_status: 0,
  created_at: Date.now(),
  messageSpecial: 0,
  isOwnMsg: false,
  isCanDelete: false,
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
type Q = { before_no?: number; after_no?: number; limit?: number };

/** Two pages of history: 31–32 is the latest page, 5 sits on the older one. */
function setup() {
  const queries: Q[] = [];
  answerCalls(vi.mocked(api.call), {
    me: { items: { info: { id: 1, name: '佐藤 太郎' } } },
    settings: { items: { setting_display: { display_image_video: 1 } } },
    chatList: { items: { data: [CHAT], current_page: 1, last_page: 1, total: 1, total_unread: 0 } },
    chatShow: { items: CHAT },
    markChatRead: { items: { count_message_not_seen: 0 } },
    chatMessages: (args) => {
      const q = ((args as { query?: Q }).query ?? {}) as Q;
      queries.push(q);
      if (q.before_no !== undefined) return { items: { data: [message(5, '探していた発言')], has_more: false, last_no: 32, read_no: 32 } };
      if (q.after_no !== undefined)
        return {
          items: {
            data: [message(31, '三十一'), message(32, '三十二'), message(33, '引いて届いた')],
            has_more: false,
            last_no: 33,
            read_no: 33,
          },
        };
      return { items: { data: [message(31, '三十一'), message(32, '三十二')], has_more: true, last_no: 32, read_no: 32 } };
    },
  });
  return queries;
}

describe('chat detail history (spec section 2)', () => {
  it('?messageId= (a search hit) pages back until the message is loaded, scrolls to it and highlights it', async () => {
    const queries = setup();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderRemote('/chat/detail/7?from=search&messageId=105', { mount: '/chat', routes: ChatRoutes });
    const hit = await screen.findByText('探していた発言');
    const item = hit.closest('li')!;
    await waitFor(() => expect(item.getAttribute('aria-current')).toBe('true'));
    expect(item.className).toContain('chat-msg--highlight');
    expect(scrolled).toContain(item);
    expect(queries.some((q) => q.before_no === 31)).toBe(true);
    // Only the linked message is marked.
    expect(screen.getByText('三十二').closest('li')!.getAttribute('aria-current')).toBeNull();
  });

  it('scrolling to the top loads the older page above', async () => {
    const queries = setup();
    renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    await screen.findByText('三十一');
    expect(screen.queryByText('探していた発言')).toBeNull();
    const log = screen.getByTestId('chat-messages');
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(await screen.findByText('探していた発言')).toBeTruthy();
    expect(queries.filter((q) => q.before_no === 31)).toHaveLength(1);
  });

  it('below 1200 px, pulling down at the top reloads: the loaded range and anything newer are fetched again', async () => {
    const queries = setup();
    renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    await screen.findByText('三十二');
    const log = screen.getByTestId('chat-messages');
    log.scrollTop = 0;
    fireEvent.touchStart(log, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(log, { touches: [{ clientY: 20 }] });
    expect(screen.queryByText('離すと更新します')).toBeNull();
    fireEvent.touchMove(log, { touches: [{ clientY: 120 }] });
    expect(await screen.findByText('離すと更新します')).toBeTruthy();
    const before = queries.length;
    fireEvent.touchEnd(log);
    expect(await screen.findByText('引いて届いた')).toBeTruthy();
    expect(queries.slice(before).some((q) => q.after_no === 30)).toBe(true);
    expect(screen.queryByText('離すと更新します')).toBeNull();
  });

  // The detail shows a spinner until the chat itself is in, so its message list mounts either
  // before its messages or (as often in a browser) with them already loaded.
  it.each([
    ['the messages before the chat', 'messages'],
    ['the chat before the messages', 'chat'],
  ] as const)('a reader scrolled up is kept in place and told by the pill when a message arrives (%s)', async (_, firstIn) => {
    const queries = setup();
    const answer = vi.mocked(api.call).getMockImplementation()!;
    let messagesIn!: () => void;
    const messagesLoaded = new Promise<void>((r) => (messagesIn = r));
    let releaseMessages!: () => void;
    const messagesReleased = new Promise<void>((r) => (releaseMessages = r));
    vi.mocked(api.call).mockImplementation((async (name: string, args: never) => {
      if (name === 'chatShow' && firstIn === 'messages') await messagesLoaded;
      if (name === 'chatMessages' && firstIn === 'chat') await messagesReleased;
      const out = await answer(name as never, args);
      if (name === 'chatMessages') messagesIn();
      return out;
    }) as never);
    const { queryClient } = renderRemote('/chat/detail/7', { mount: '/chat', routes: ChatRoutes });
    if (firstIn === 'chat') {
      // The list is up, still waiting for its messages.
      await screen.findByTestId('chat-messages');
      expect(screen.queryByText('三十二')).toBeNull();
      releaseMessages();
    }
    await screen.findByText('三十二');
    const log = screen.getByTestId('chat-messages');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 500 });
    Object.defineProperty(log, 'scrollTop', { configurable: true, writable: true, value: 600 });
    fireEvent.scroll(log);

    // A chat event refetches the open chat, as the shell does on one.
    await act(() => queryClient.invalidateQueries({ queryKey: chatQueryKeys.all() }));
    expect(await screen.findByText('引いて届いた')).toBeTruthy();
    expect(queries.some((q) => q.after_no === 30)).toBe(true);
    const pill = await screen.findByRole('button', { name: '新しいメッセージ 1件' });
    expect(log.scrollTop).toBe(600);

    fireEvent.click(pill);
    expect(log.scrollTop).toBe(2000);
    expect(screen.queryByRole('button', { name: '新しいメッセージ 1件' })).toBeNull();
  });
});
