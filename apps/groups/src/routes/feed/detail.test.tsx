import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '@portal/ui';
import { draftKey, groupScope } from '@portal/content/topics';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';
import { comment, commentPage, detail } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
  sessionStorage.clear();
});

const dialog = () => screen.findByRole('alertdialog');
const T = { params: { id: 1, topicId: 5 } };
const calls = (name: string) => pageCalls().filter(([n]) => n === name);
const COMMENTS_Q = { sortedBy: 'asc', limit: 10, page: 1 };

describe('group-topic-detail', () => {
  it('renders the topic, marks it read, likes, favourites and marks it unread', async () => {
    let liked = false;
    answer(
      groupHandlers('member', {
        topicDetail: () => ({ items: detail({ is_read: false, is_like: liked, liker_count: liked ? 2 : 1 }) }),
        topicComments: commentPage([]),
        setTopicSeen: { items: { is_read: true } },
        likeTopic: (a: { body: { is_like: boolean } }) => {
          liked = a.body.is_like;
          return { items: { is_like: liked, liker_count: liked ? 2 : 1 } };
        },
        favoriteTopic: (a: { body: { is_favor: boolean } }) => ({ items: { is_favor: a.body.is_favor } }),
        markTopicUnread: { items: { is_read: false } },
      }),
    );
    const view = renderAt('/group/1/topic/5');
    expect(await screen.findByRole('heading', { name: '週報' })).toBeTruthy();
    expect(screen.getByText('予定').tagName).toBe('STRONG');
    expect(screen.getByText('いいねした人：佐藤 花子')).toBeTruthy();
    await waitFor(() => expect(calls('setTopicSeen')).toEqual([['setTopicSeen', T]]));
    // A member without role_edit_topic gets no edit link.
    expect(screen.queryByRole('link', { name: '編集' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '👏 1' }));
    expect(await screen.findByRole('button', { name: '👏 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'お気に入りに追加' }));
    expect(await screen.findByRole('button', { name: 'お気に入りから外す' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '未読にする' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/new-feed'));
    expect(
      pageCalls().filter(([n]) => !['topicDetail', 'topicComments', 'topicsAll', 'topicFolders', 'topicCount'].includes(n as string)),
    ).toEqual([
      ['setTopicSeen', T],
      ['likeTopic', { ...T, body: { is_like: true } }],
      ['favoriteTopic', { ...T, body: { is_favor: true } }],
      ['markTopicUnread', T],
    ]);
  });

  it('hides likers when the topic says so, and comments when they are off', async () => {
    answer(groupHandlers('admin', { topicDetail: { items: detail({ how_nice: ['1', '2'], comment_options: [], liker: [] }) } }));
    renderAt('/group/1/topic/5');
    expect(await screen.findByRole('button', { name: '👏 1' })).toBeTruthy();
    expect(screen.queryByText(/いいねした人/)).toBeNull();
    expect(screen.getByText('このトピックはコメントを受け付けていません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '編集' }).getAttribute('href')).toBe('/group/1/topic-update/5');
    expect(calls('topicComments')).toEqual([]);
  });
});

describe('topic comments', () => {
  it('shows replies and deleted comments, deletes an own comment after confirmation', async () => {
    const data = [
      comment(11, { is_own: true, comments: [comment(12, { parent_id: 11, is_anonymous: true, commenter_name: null })] }),
      comment(13, { is_deleted: true, content: '' }),
    ];
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail() },
        topicComments: commentPage(data),
        deleteTopicComment: { items: { ok: true } },
      }),
    );
    renderAt('/group/1/topic/5');
    expect(await screen.findByText('コメント11')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '匿名のコメント' })).getByText('コメント12')).toBeTruthy();
    expect(screen.getByText('このコメントは削除されました。')).toBeTruthy();
    // Only the own comment has a delete button.
    expect(screen.getAllByRole('button', { name: '削除' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('deleteTopicComment')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(calls('deleteTopicComment')).toEqual([['deleteTopicComment', { params: { id: 1, commentId: 11 } }]]));
    expect(calls('topicComments')[0]).toEqual(['topicComments', { ...T, query: COMMENTS_Q }]);
  });

  it('sends on Enter but never on the Enter that confirms an IME conversion, escaping the text', async () => {
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail({ comment_options: ['1', '2'] }) },
        topicComments: commentPage([]),
        addTopicComment: { items: comment(20) },
      }),
    );
    renderAt('/group/1/topic/5');
    const box = await screen.findByLabelText('コメントを書く');
    fireEvent.change(box, { target: { value: 'へんかん<b>\n二行目' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls('addTopicComment')).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: '匿名でコメントする' }));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(calls('addTopicComment')).toHaveLength(1));
    expect(calls('addTopicComment')[0]).toEqual([
      'addTopicComment',
      { params: { id: 1 }, body: { topic_id: 5, content: 'へんかん&lt;b&gt;<br>二行目', parent_id: null, is_anonymous: true } },
    ]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(sessionStorage.getItem(draftKey(groupScope(1), 5, null))).toBeNull();
  });

  it('refuses an empty comment without calling the API', async () => {
    answer(groupHandlers('member', { topicDetail: { items: detail() }, topicComments: commentPage([]) }));
    renderAt('/group/1/topic/5');
    fireEvent.click(await screen.findByRole('button', { name: 'コメントする' }));
    expect(await screen.findByText('コメントを入力してください。')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: '匿名でコメントする' })).toBeNull();
    expect(calls('addTopicComment')).toEqual([]);
  });

  it('keeps an unsent draft in sessionStorage across a reload', async () => {
    answer(groupHandlers('member', { topicDetail: { items: detail() }, topicComments: commentPage([]) }));
    const first = renderAt('/group/1/topic/5');
    fireEvent.change(await screen.findByLabelText('コメントを書く'), { target: { value: '書きかけ' } });
    await waitFor(() => expect(sessionStorage.getItem(draftKey(groupScope(1), 5, null))).toBe('書きかけ'));
    first.unmount();
    renderAt('/group/1/topic/5');
    expect(((await screen.findByLabelText('コメントを書く')) as HTMLTextAreaElement).value).toBe('書きかけ');
  });

  it('replies to a comment', async () => {
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail() },
        topicComments: commentPage([comment(11)]),
        addTopicComment: { items: comment(11) },
      }),
    );
    renderAt('/group/1/topic/5');
    fireEvent.click(await screen.findByRole('button', { name: '返信' }));
    fireEvent.change(screen.getByLabelText('返信を書く'), { target: { value: '了解です' } });
    fireEvent.click(screen.getByRole('button', { name: '返信する' }));
    await waitFor(() =>
      expect(calls('addTopicComment')).toEqual([
        ['addTopicComment', { params: { id: 1 }, body: { topic_id: 5, content: '了解です', parent_id: 11, is_anonymous: false } }],
      ]),
    );
  });

  it('opens on the page holding commentSearchId, then pages normally', async () => {
    answer(
      groupHandlers('member', {
        topicDetail: { items: detail() },
        topicComments: (a: { query: { page: number; find_page_by_comment_id?: number } }) =>
          a.query.find_page_by_comment_id ? commentPage([comment(31)], 3, 4) : commentPage([comment(40)], a.query.page, 4),
      }),
    );
    renderAt('/group/1/topic/5?commentSearchId=31');
    expect(await screen.findByText('コメント31')).toBeTruthy();
    expect(screen.getByText('3 / 4 ページ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByText('コメント40')).toBeTruthy();
    expect(calls('topicComments')).toEqual([
      ['topicComments', { ...T, query: { ...COMMENTS_Q, find_page_by_comment_id: 31 } }],
      ['topicComments', { ...T, query: { ...COMMENTS_Q, page: 4 } }],
    ]);
  });
});
