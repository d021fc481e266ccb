import { QueryClient } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { chatQueryKeys, queryKeys } from '@portal/api-client/core';
import type { RealtimeEvent, RealtimeStatus } from '@portal/api-client/realtime';
import { refreshCalendarQueries, refreshTopicQueries, watchChats } from './realtime';

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

describe('calendar events refresh the calendar queries', () => {
  it('every query under the calendar root reloads, topics do not', async () => {
    const week = ['calendar', 'days', '2026-11-02', 7, { type: 1 }, 1] as const;
    const count = ['calendar', 'unread-count'] as const;
    const feed = queryKeys.groupTopicList(1, 'all', {});
    const { client, stale } = cacheWith(week, count, feed);
    await refreshCalendarQueries(client);
    expect([week, count, feed].map(stale)).toEqual([true, true, false]);
  });
});

describe('chat events and reconnects refresh the chat queries', () => {
  function fakeBus() {
    const handlers = new Map<string, (e: RealtimeEvent) => void>();
    const status = atom<RealtimeStatus>('idle');
    return {
      bus: { subscribe: (kind: string, h: (e: RealtimeEvent) => void) => (handlers.set(kind, h), () => handlers.delete(kind)), status },
      emit: (kind: string) => handlers.get(kind)?.({ kind, at: 1, payload: { group_chat_id: 3 } }),
      status,
      handlers,
    };
  }
  const list = chatQueryKeys.list({ limit: 100 });
  const messages = chatQueryKeys.messages(3);
  const count = chatQueryKeys.unreadCount();
  const feed = queryKeys.groupTopicList(1, 'all', {});

  it('a chat message refreshes the list, the navbar count and the open chat, nothing else', () => {
    const { client, stale } = cacheWith(list, messages, count, feed);
    const f = fakeBus();
    watchChats(f.bus, client);
    f.emit('chat.message');
    expect([list, messages, count].map(stale)).toEqual([true, true, true]);
    expect(stale(feed)).toBe(false);
  });

  it('the first connection refreshes nothing; a reconnect catches up; stopping unsubscribes', () => {
    const { client, stale } = cacheWith(messages);
    const f = fakeBus();
    const stop = watchChats(f.bus, client);
    f.status.set('connecting');
    f.status.set('open');
    expect(stale(messages)).toBe(false);
    f.status.set('closed');
    f.status.set('open');
    expect(stale(messages)).toBe(true);
    stop();
    expect(f.handlers.size).toBe(0);
  });
});
