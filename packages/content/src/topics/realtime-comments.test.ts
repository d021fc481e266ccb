import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@portal/api-client/core';
import { attachment, comment } from '@portal/content/topics/testing';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { refreshTopicQueries } from './realtime';
import { withDeletedComment, withNewComment, type CommentPage } from './realtime-comments';

const page = (ids: number[], current: number, total: number, limit = 3): CommentPage => ({
  data: ids.map((id) => comment(id)),
  current_page: current,
  last_page: Math.max(1, Math.ceil(total / limit)),
  total,
});
const asc = { limit: 3, sortedBy: 'asc' as const };
const ids = (p: CommentPage | null) => p?.data.map((c) => c.id);

describe('a new comment joins the cached comment pages', () => {
  it('a new thread lands on the last page when it has room, and counts everywhere', () => {
    const last = withNewComment(page([4, 5], 2, 5), comment(9), asc, 1);
    expect([ids(last), last?.total, last?.last_page]).toEqual([[4, 5, 9], 6, 2]);
    const earlier = withNewComment(page([1, 2, 3], 1, 5), comment(9), asc, 1);
    expect([ids(earlier), earlier?.total, earlier?.last_page]).toEqual([[1, 2, 3], 6, 2]);
    // A full last page: the thread opens a new page, which the pager now offers.
    const full = withNewComment(page([4, 5, 6], 2, 6), comment(9), asc, 1);
    expect([ids(full), full?.total, full?.last_page]).toEqual([[4, 5, 6], 7, 3]);
    const empty = withNewComment(page([], 1, 0), comment(9), asc, 1);
    expect([ids(empty), empty?.total, empty?.last_page]).toEqual([[9], 1, 1]);
  });

  it('is applied once however often it arrives, in id order whatever order they arrive in', () => {
    const once = withNewComment(page([4], 2, 4), comment(9), asc, 1)!;
    expect(withNewComment(once, comment(9), asc, 1)).toBe(once);
    const both = withNewComment(withNewComment(page([4], 2, 4), comment(9), asc, 1)!, comment(8), asc, 1);
    expect([ids(both), both?.total]).toEqual([[4, 8, 9], 6]);
  });

  it('a page whose rows do not add up to its total is reloaded, not guessed at', () => {
    expect(withNewComment(page([4], 2, 6), comment(9), asc, 1)).toBeNull();
  });

  it('a reply joins its thread on this page only, and the total counts threads', () => {
    const p = page([1, 2], 1, 2);
    p.data[0]!.comments = [comment(7, { parent_id: 1 })];
    const replied = withNewComment(p, comment(9, { parent_id: 1, commenter_id: 4 }), asc, 4)!;
    expect(replied.data[0]!.comments.map((r) => [r.id, r.is_own])).toEqual([
      [7, false],
      [9, true],
    ]);
    expect(replied.data[0]!.comments[1]).not.toHaveProperty('comments');
    expect(replied.total).toBe(2);
    expect(withNewComment(p, comment(9, { parent_id: 42 }), asc, 4)).toBe(p);
  });

  it('is the reader’s own when they wrote it (another tab), never for a nameless author', () => {
    expect(withNewComment(page([], 1, 0), comment(9, { commenter_id: 3 }), asc, 3)?.data[0]?.is_own).toBe(true);
    expect(withNewComment(page([], 1, 0), comment(9, { commenter_id: null }), asc, undefined)?.data[0]?.is_own).toBe(false);
  });
});

describe('a deleted comment stays as a placeholder', () => {
  it('a thread loses its text and files, its replies learn their parent is gone', () => {
    const p = page([1, 2], 1, 2);
    p.data[0]!.comments = [comment(7, { parent_id: 1 })];
    p.data[0]!.attach_file = [attachment(1)];
    const gone = withDeletedComment(p, 1);
    expect([
      gone.data[0]!.is_deleted,
      gone.data[0]!.content,
      gone.data[0]!.attach_file,
      gone.data[0]!.comments[0]!.comment_parent_delete,
    ]).toEqual([true, '', [], true]);
    expect(gone.total).toBe(2);
    const reply = withDeletedComment(p, 7);
    expect([reply.data[0]!.is_deleted, reply.data[0]!.comments[0]!.is_deleted]).toEqual([false, true]);
    expect(withDeletedComment(p, 42)).toBe(p);
  });
});

describe('comment events on an open topic', () => {
  const detail = queryKeys.groupTopic(1, 5);
  const commentsKey = [...queryKeys.groupTopicComments(1, 5, { page: 2, limit: 3, sortedBy: 'asc' }), null];
  const feed = queryKeys.groupTopicList(1, 'all', {});

  function open(answer: () => CommentPage) {
    const client = new QueryClient();
    const fetched: string[] = [];
    const watch = (key: readonly unknown[], name: string, data: () => unknown) =>
      new QueryObserver(client, { queryKey: key, queryFn: async () => (fetched.push(name), data()) }).subscribe(() => undefined);
    const stops = [watch(detail, 'detail', () => ({ liker: [] })), watch(commentsKey, 'comments', answer), watch(feed, 'feed', () => [])];
    return { client, fetched, stop: () => stops.forEach((s) => s()) };
  }

  it('adds a named comment to the open page without reading it again', async () => {
    const { client, fetched, stop } = open(() => page([4, 5], 2, 5));
    await vi.waitFor(() => expect([fetched.length, client.isFetching()]).toEqual([3, 0]));
    fetched.length = 0;
    $session.set({ ...EMPTY_SESSION, user: { id: 1, name: '鈴木' } });
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 9, comment: comment(9) });
    expect(fetched).toEqual(['feed']);
    expect(ids(client.getQueryData<CommentPage>(commentsKey)!)).toEqual([4, 5, 9]);
    await refreshTopicQueries(client, 'comment.deleted', { group_id: 1, topic_id: 5, comment_id: 9 });
    expect(fetched).toEqual(['feed', 'feed']);
    expect(client.getQueryData<CommentPage>(commentsKey)!.data[2]!.is_deleted).toBe(true);
    $session.set(EMPTY_SESSION);
    stop();
  });

  it('reloads the page for an anonymous comment, a page that does not add up, or one being fetched', async () => {
    let answer = page([4, 5], 2, 5);
    let slow = 0;
    const { client, fetched, stop } = open((() => new Promise((r) => setTimeout(() => r(answer), slow))) as unknown as () => CommentPage);
    await vi.waitFor(() => expect([fetched.length, client.isFetching()]).toEqual([3, 0]));
    fetched.length = 0;
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 9 });
    expect(fetched.sort()).toEqual(['comments', 'feed']);
    fetched.length = 0;
    answer = page([4], 2, 5);
    await client.refetchQueries({ queryKey: commentsKey });
    fetched.length = 0;
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 10, comment: comment(10) });
    expect(fetched.sort()).toEqual(['comments', 'feed']);
    // An answer in flight may predate the comment: it is asked again rather than patched.
    answer = page([4, 5], 2, 5);
    await client.refetchQueries({ queryKey: commentsKey });
    fetched.length = 0;
    slow = 50;
    void client.refetchQueries({ queryKey: commentsKey });
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 11, comment: comment(11) });
    expect(fetched.sort()).toEqual(['comments', 'comments', 'feed']);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(ids(client.getQueryData<CommentPage>(commentsKey)!)).toEqual([4, 5]);
    stop();
  });
});
