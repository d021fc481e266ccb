import { QueryClient } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { chatQueryKeys, queryKeys } from '@portal/api-client/core';
import { REALTIME_RESYNC, type RealtimeEvent, type RealtimeStatus } from '@portal/api-client/realtime';
import { chatReactions } from './realtime';

function cacheWith(...keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

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

  it('a chat message refreshes the list and the open chat, nothing else (the navbar count is the shell’s)', () => {
    const { client, stale } = cacheWith(list, messages, count, feed);
    const f = fakeBus();
    chatReactions(f.bus, client);
    f.emit('chat.message');
    expect([list, messages].map(stale)).toEqual([true, true]);
    expect([count, feed].map(stale)).toEqual([false, false]);
  });

  it('the first connection refreshes nothing; a reconnect catches up; stopping unsubscribes', () => {
    const { client, stale } = cacheWith(messages);
    const f = fakeBus();
    const stop = chatReactions(f.bus, client);
    f.status.set('connecting');
    f.status.set('open');
    expect(stale(messages)).toBe(false);
    f.status.set('closed');
    f.status.set('open');
    expect(stale(messages)).toBe(true);
    stop();
    expect(f.handlers.size).toBe(0);
  });

  it('a resync from the server catches the chats up like a reconnect', () => {
    const { client, stale } = cacheWith(list, messages, feed);
    const f = fakeBus();
    chatReactions(f.bus, client);
    f.status.set('open');
    f.emit(REALTIME_RESYNC);
    expect([list, messages].map(stale)).toEqual([true, true]);
    expect(stale(feed)).toBe(false);
  });
});
