import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@portal/api-client/core';
import { refreshTopicQueries } from './realtime';

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

  it('a group topic event refreshes that group and the group list, nothing else', async () => {
    const { client, stale } = cacheWith(feed1, detail1, comments1, feed2, common, groups);
    await refreshTopicQueries(client, { group_id: 1, topic_id: 5, comment_id: 9 });
    expect([feed1, detail1, comments1, groups].map(stale)).toEqual([true, true, true, true]);
    expect([feed2, common].map(stale)).toEqual([false, false]);
  });

  it('a common topic event refreshes the common topics', async () => {
    const { client, stale } = cacheWith(feed1, common, queryKeys.commonTopicUnreadCount());
    await refreshTopicQueries(client, { group_id: null, topic_id: 7 });
    expect([common, queryKeys.commonTopicUnreadCount()].map(stale)).toEqual([true, true]);
    expect(stale(feed1)).toBe(false);
  });

  it('ignores an event without a payload', async () => {
    const { client, stale } = cacheWith(feed1);
    await refreshTopicQueries(client, undefined);
    expect(stale(feed1)).toBe(false);
  });
});
