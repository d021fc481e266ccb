import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys, type TopicDetail } from '@portal/api-client/core';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { refreshTopicQueries, withLike } from './realtime';

function cacheWith(...keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

describe('topic events refresh the cached topic queries', () => {
  const feed1 = queryKeys.groupTopicList(1, 'all', {});
  const detail1 = queryKeys.groupTopic(1, 5);
  const comments1 = queryKeys.groupTopicComments(1, 5, { page: 1 });
  const feed2 = queryKeys.groupTopicList(2, 'all', {});
  const common = queryKeys.commonTopicList({});
  const groups = queryKeys.myGroups({ page: 1 });

  it('a group topic event refreshes that group, nothing else (the group list’s badges are the shell’s)', async () => {
    const { client, stale } = cacheWith(feed1, detail1, comments1, feed2, common, groups);
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 9 });
    expect([feed1, detail1, comments1].map(stale)).toEqual([true, true, true]);
    expect([feed2, common, groups].map(stale)).toEqual([false, false, false]);
  });

  it('a common topic event refreshes the common topics', async () => {
    const { client, stale } = cacheWith(feed1, common, queryKeys.commonTopicUnreadCount());
    await refreshTopicQueries(client, 'created', { group_id: null, topic_id: 7 });
    expect([common, queryKeys.commonTopicUnreadCount()].map(stale)).toEqual([true, true]);
    expect(stale(feed1)).toBe(false);
  });

  // No feed row, badge or unread item shows a like: refetching them made every like cost the
  // author's open pages a list reload.
  it('a like refreshes the topic detail only (like notices are the shell’s)', async () => {
    const { client, stale } = cacheWith(feed1, detail1, comments1, groups, queryKeys.commonTopic(5));
    await refreshTopicQueries(client, 'liked', { group_id: 1, topic_id: 5 });
    expect(stale(detail1)).toBe(true);
    expect([feed1, comments1, groups, queryKeys.commonTopic(5)].map(stale)).toEqual([false, false, false, false]);
  });

  it('a comment like refreshes the comment pages of its topic only', async () => {
    const commonDetail = queryKeys.commonTopic(7);
    const commonComments = queryKeys.commonTopicComments(7, { page: 2 });
    const { client, stale } = cacheWith(feed1, detail1, comments1, groups, commonDetail, commonComments, common);
    await refreshTopicQueries(client, 'comment.liked', { group_id: null, topic_id: 7, comment_id: 3 });
    expect(stale(commonComments)).toBe(true);
    expect([feed1, detail1, comments1, groups, commonDetail, common].map(stale)).toEqual([false, false, false, false, false, false]);
  });

  it('a like that names the liker patches the open detail instead of reloading it', async () => {
    const { client, stale } = cacheWith(feed1, comments1, groups);
    const before = { id: 5, liker: [{ id: 3, name: '佐藤' }], liker_count: 1, is_like: false } as unknown as TopicDetail;
    client.setQueryData(detail1, before);
    $session.set({ ...EMPTY_SESSION, user: { id: 4, name: '鈴木' } });
    await refreshTopicQueries(client, 'liked', { group_id: 1, topic_id: 5, like: { user: { id: 4, name: '鈴木' }, on: true } });
    expect(client.getQueryData(detail1)).toEqual({
      id: 5,
      liker: [
        { id: 3, name: '佐藤' },
        { id: 4, name: '鈴木' },
      ],
      liker_count: 2,
      is_like: true,
    });
    expect([detail1, feed1, comments1, groups].map(stale)).toEqual([false, false, false, false]);
    // Another reader takes a like back; the own mark stays.
    await refreshTopicQueries(client, 'liked', { group_id: 1, topic_id: 5, like: { user: { id: 3, name: '佐藤' }, on: false } });
    expect(client.getQueryData(detail1)).toEqual({ id: 5, liker: [{ id: 4, name: '鈴木' }], liker_count: 1, is_like: true });
    // No detail open: nothing is made up.
    await refreshTopicQueries(client, 'liked', { group_id: 2, topic_id: 8, like: { user: { id: 3, name: '佐藤' }, on: true } });
    expect(client.getQueryData(queryKeys.groupTopic(2, 8))).toBeUndefined();
    $session.set(EMPTY_SESSION);
  });

  it('applies the same like twice or out of order to the same list', () => {
    const base = { liker: [{ id: 1, name: 'A' }], liker_count: 1, is_like: false } as unknown as TopicDetail;
    const b = { user: { id: 2, name: 'B' }, on: true };
    const c = { user: { id: 3, name: 'C' }, on: true };
    const once = withLike(withLike(base, b, undefined), c, undefined);
    expect(withLike(once, b, undefined)).toEqual(once);
    expect(
      withLike(withLike(base, c, undefined), b, undefined)
        .liker.map((u) => u.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(once.liker_count).toBe(3);
  });

  it('a comment reloads the open comment page and leaves the open detail to it', async () => {
    const client = new QueryClient();
    const fetched: string[] = [];
    const watch = (key: readonly unknown[], name: string) =>
      new QueryObserver(client, { queryKey: key, queryFn: async () => (fetched.push(name), { comment_count: 1, liker: [] }) }).subscribe(
        () => undefined,
      );
    const stops = [watch(detail1, 'detail'), watch(comments1, 'comments'), watch(feed1, 'feed')];
    await vi.waitFor(() => expect([fetched.length, client.isFetching()]).toEqual([3, 0]));
    fetched.length = 0;
    await refreshTopicQueries(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 9 });
    expect(fetched.sort()).toEqual(['comments', 'feed']);
    // Stale all the same: a page that mounts it later reads it again.
    expect(client.getQueryState(detail1)?.isInvalidated).toBe(true);
    // Any other topic event still reloads the detail.
    fetched.length = 0;
    await refreshTopicQueries(client, 'updated', { group_id: 1, topic_id: 5 });
    expect(fetched.sort()).toEqual(['comments', 'detail', 'feed']);
    stops.forEach((stop) => stop());
  });

  it('ignores an event without a payload', async () => {
    const { client, stale } = cacheWith(feed1);
    await refreshTopicQueries(client, 'created', undefined);
    expect(stale(feed1)).toBe(false);
  });
});
