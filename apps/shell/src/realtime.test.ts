import { QueryClient } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { chatQueryKeys, FILES_EVENT_KIND, queryKeys } from '@portal/api-client/core';
import {
  REALTIME_RESYNC,
  registerRealtimeReactions,
  routeRealtimeReactions,
  type RealtimeEvent,
  type RealtimeStatus,
  type RealtimeSubscriber,
} from '@portal/api-client/realtime';
import { refreshTopicCounts, watchChatCount, watchCounts } from './realtime';

function cacheWith(...keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

/** A bus whose events and status the test drives; several handlers may share a kind. */
function fakeBus() {
  const handlers = new Map<string, Set<(e: RealtimeEvent) => void>>();
  const status = atom<RealtimeStatus>('idle');
  const subscribe = (kind: string, h: (e: RealtimeEvent) => void) => {
    if (!handlers.has(kind)) handlers.set(kind, new Set());
    handlers.get(kind)!.add(h);
    return () => void handlers.get(kind)!.delete(h);
  };
  return {
    bus: { subscribe, status },
    emit: (kind: string, payload: unknown = { group_chat_id: 3 }) => handlers.get(kind)?.forEach((h) => h({ kind, at: 1, payload })),
    status,
    handlerCount: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
  };
}

const notices = ['notifications', 'likes', { page: 1 }];
const bell = queryKeys.notificationCount(1);
const groups = queryKeys.myGroups({ page: 1 });
const feed = queryKeys.groupTopicList(1, 'all', {});

describe('the shell’s counts follow every event that changes them, whichever remote is loaded', () => {
  it('a topic event refreshes the notices and the group list’s badges, not the topic’s own queries', async () => {
    const { client, stale } = cacheWith(notices, bell, groups, feed);
    await refreshTopicCounts(client, 'comment.added', { group_id: 1, topic_id: 5, comment_id: 9 });
    expect([notices, bell, groups, feed].map(stale)).toEqual([true, true, true, false]);
  });

  // No badge shows a like: only the author's like notices change.
  it('a like or a comment like refreshes the notices only', async () => {
    for (const action of ['liked', 'comment.liked'] as const) {
      const { client, stale } = cacheWith(notices, groups);
      await refreshTopicCounts(client, action, { group_id: null, topic_id: 7, comment_id: 3 });
      expect([notices, groups].map(stale)).toEqual([true, false]);
    }
  });

  it('ignores a topic event without a payload', async () => {
    const { client, stale } = cacheWith(notices, groups);
    await refreshTopicCounts(client, 'created', undefined);
    expect([notices, groups].map(stale)).toEqual([false, false]);
  });

  it('reads elsewhere and resyncs refresh notices and badges; a folder change the notices', () => {
    for (const [kind, expected] of [
      ['notification.changed', [true, true]],
      [REALTIME_RESYNC, [true, true]],
      [FILES_EVENT_KIND, [true, false]],
      [`topic.created`, [true, true]],
    ] as const) {
      const { client, stale } = cacheWith(bell, groups);
      const f = fakeBus();
      const stop = watchCounts(f.bus, client);
      f.emit(kind, { group_id: 1, topic_id: 5 });
      expect([bell, groups].map(stale), kind).toEqual(expected);
      stop();
      expect(f.handlerCount()).toBe(0);
    }
  });
});

describe('the navbar’s chat count', () => {
  const list = chatQueryKeys.list({ limit: 100 });
  const count = chatQueryKeys.unreadCount();

  it('a chat message or a resync refreshes the count, not the chat remote’s queries', () => {
    for (const kind of ['chat.message', REALTIME_RESYNC]) {
      const { client, stale } = cacheWith(list, count);
      const f = fakeBus();
      watchChatCount(f.bus, client);
      f.status.set('open');
      f.emit(kind);
      expect([count, list].map(stale)).toEqual([true, false]);
    }
  });

  it('the first connection refreshes nothing; a reconnect catches up; stopping unsubscribes', () => {
    const { client, stale } = cacheWith(count);
    const f = fakeBus();
    const stop = watchChatCount(f.bus, client);
    f.status.set('connecting');
    f.status.set('open');
    expect(stale(count)).toBe(false);
    f.status.set('closed');
    f.status.set('open');
    expect(stale(count)).toBe(true);
    stop();
    expect(f.handlerCount()).toBe(0);
  });
});

describe('routing to the reactions the remotes register', () => {
  it('installs reactions registered before or after the bus starts, once per owner, until stopped', () => {
    const { client } = cacheWith();
    const f = fakeBus();
    const seen: string[] = [];
    const reaction = (name: string) => (bus: RealtimeSubscriber) => bus.subscribe('x', () => void seen.push(name));
    registerRealtimeReactions('test-early', reaction('early'));
    const stop = routeRealtimeReactions(f.bus, client);
    registerRealtimeReactions('test-late', reaction('late'));
    // A second remote bundling the same reactions registers them again: still once.
    registerRealtimeReactions('test-late', reaction('again'));
    f.emit('x');
    expect(seen.sort()).toEqual(['early', 'late']);
    stop();
    expect(f.handlerCount()).toBe(0);
    // Started again (a new login): the same reactions, installed anew.
    const restart = routeRealtimeReactions(f.bus, client);
    f.emit('x');
    expect(seen.length).toBe(4);
    restart();
  });
});
