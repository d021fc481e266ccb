import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '@portal/ui';
import { detail, feedPage, row } from '@portal/content/topics/testing';
import { answer, call, calls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
  sessionStorage.clear();
});

const SORT = { order_by: 'update', sorted_by: 'desc' };
const GROUPS = {
  items: [
    { id: 3, name: '営業一課' },
    { id: 4, name: '開発チーム' },
  ],
};
const comments = { items: { data: [], current_page: 1, last_page: 1, total: 0 } };

describe('common-topic-new-feed', () => {
  it('lists common topics, pages by cursor, filters by title and marks everything read', async () => {
    answer({
      commonTopicUnreadCount: { items: { count: 2 } },
      commonTopics: (a) => {
        const q = (a as { query: { cursor?: string; title?: string } }).query;
        if (q.title) return feedPage([row(9, { title: '週報' })]);
        return q.cursor ? feedPage([row(3, { title: '三件目' })]) : feedPage([row(1, { is_read: false }), row(2)], 'C1');
      },
      commonMarkReadAll: { items: { count: 2 } },
    });
    renderAt('/common-topic/topics', { common_topic_role: false });
    const first = await screen.findByRole('link', { name: 'トピック1' });
    expect(first.getAttribute('href')).toBe('/common-topic/topic/1');
    expect(within(first.closest('li')!).getByText('未読')).toBeTruthy();
    // No right, no create button.
    expect(screen.queryByRole('link', { name: '共通トピックを作成' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByRole('link', { name: '三件目' })).toBeTruthy();

    const filter = screen.getByLabelText('タイトルで絞り込み');
    fireEvent.change(filter, { target: { value: '週報' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(await screen.findByRole('link', { name: '週報' })).toBeTruthy();
    expect(calls('commonTopics').at(-1)).toEqual(['commonTopics', { query: { ...SORT, title: '週報' } }]);

    fireEvent.click(screen.getByRole('tab', { name: '未読トピック（2）' }));
    await waitFor(() =>
      expect(calls('commonTopics').at(-1)).toEqual(['commonTopics', { query: { ...SORT, unread_only: '1', title: '週報' } }]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'すべて既読にする' }));
    expect(await screen.findByText('すべて既読にしました。')).toBeTruthy();
    expect(calls('commonMarkReadAll')).toHaveLength(1);
  });

  it('offers the create button to holders of the common-topic right; an empty feed says so', async () => {
    answer({ commonTopicUnreadCount: { items: { count: 0 } }, commonTopics: feedPage([]) });
    renderAt('/common-topic/topics', { common_topic_role: true });
    expect(await screen.findByText('共通トピックはまだありません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '共通トピックを作成' }).getAttribute('href')).toBe('/common-topic/topic-create');
    expect((screen.getByRole('button', { name: 'すべて既読にする' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('common-topic-new-feed-topic-detail', () => {
  it('reads the topic through the common endpoints, likes it and shows its destination groups', async () => {
    answer({
      commonTopic: { items: detail({ is_read: false, selected_group: [{ id: 3, name: '営業一課' }] }) },
      commonMarkRead: { items: { is_read: true } },
      commonTopicComments: comments,
      likeCommonTopic: { items: { is_like: true, liker_count: 2 } },
    });
    renderAt('/common-topic/topic/5?from=home', { common_topic_role: false });
    expect(await screen.findByRole('heading', { level: 1, name: '週報' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '配信先グループ' })).getByText('営業一課')).toBeTruthy();
    await waitFor(() => expect(calls('commonMarkRead')).toEqual([['commonMarkRead', { params: { topicId: 5 } }]]));
    expect(screen.getByRole('link', { name: 'ホームへ戻る' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: '編集' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'この共通トピックを削除' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '👏 1' }));
    await waitFor(() =>
      expect(calls('likeCommonTopic')).toEqual([['likeCommonTopic', { params: { topicId: 5 }, body: { is_like: true } }]]),
    );
  });

  it('says a topic not sent to the reader is not found', async () => {
    const { ApiError } = await import('@portal/api-client/core');
    answer({
      commonTopic: () => {
        throw new ApiError(404, 'TOPIC_NOT_FOUND', 'not found');
      },
    });
    renderAt('/common-topic/topic/99', { common_topic_role: false });
    expect((await screen.findByRole('alert')).textContent).toBe('トピックが見つかりません。');
  });

  it('lets an author edit, and delete after confirming', async () => {
    answer({
      commonTopic: { items: detail() },
      commonTopicComments: comments,
      deleteCommonTopic: { items: { ok: true } },
      commonTopicUnreadCount: { items: { count: 0 } },
      commonTopics: feedPage([]),
    });
    renderAt('/common-topic/topic/5', { common_topic_role: true });
    expect((await screen.findByRole('link', { name: '編集' })).getAttribute('href')).toBe('/common-topic/topic-update/5');
    fireEvent.click(screen.getByRole('button', { name: 'この共通トピックを削除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('共通トピック「週報」を削除しますか？この操作は取り消せません。')).toBeTruthy();
    expect(calls('deleteCommonTopic')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'この共通トピックを削除' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/common-topic/topics'));
    expect(calls('deleteCommonTopic')).toEqual([['deleteCommonTopic', { params: { topicId: 5 } }]]);
  });
});

describe('common-topic-create and update', () => {
  it('refuses to post without a destination group, then posts with the chosen ones', async () => {
    answer({
      groupTags: GROUPS,
      createCommonTopic: { items: detail({ id: 11 }) },
      commonTopic: { items: detail({ id: 11 }) },
      commonTopicComments: comments,
    });
    renderAt('/common-topic/topic-create', { common_topic_role: true });
    // The editor chunk (Lexical) loads first: more than the default second on a busy machine.
    fireEvent.change(await screen.findByLabelText(/タイトル/, {}, { timeout: 5000 }), { target: { value: '全社お知らせ' } });
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('配信先グループを1つ以上選択してください。')).toBeTruthy();
    expect(calls('createCommonTopic')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: '開発チーム' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '配信先グループを閲覧者に表示しない' }));
    fireEvent.click(screen.getByRole('button', { name: '投稿する' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/common-topic/topic/11'));
    const body = (calls('createCommonTopic')[0]![1] as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ topic_title: '全社お知らせ', selected_group: [4], hide_to_selected_group_tag: true });
  });

  it('tells a user without the right that they cannot create', async () => {
    answer({ groupTags: GROUPS });
    renderAt('/common-topic/topic-create', { common_topic_role: false });
    expect(await screen.findByText('共通トピックを作成する権限がありません。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '投稿する' })).toBeNull();
  });

  it('edits under the common edit lock and names the holder when refused', async () => {
    const { ApiError } = await import('@portal/api-client/core');
    answer({
      groupTags: GROUPS,
      commonTopic: { items: detail({ selected_group: [{ id: 3, name: '営業一課' }] }) },
      checkLockCommonTopic: () => {
        throw new ApiError(409, 'TOPIC_BEING_EDITED', 'locked', { data: { user_name: '高橋 健一' } } as never);
      },
    });
    renderAt('/common-topic/topic-update/5', { common_topic_role: true });
    expect(await screen.findByText(/高橋 健一/)).toBeTruthy();
    expect(calls('checkLockCommonTopic')[0]).toEqual(['checkLockCommonTopic', { params: { topicId: 5 }, body: {} }]);
  });
});
