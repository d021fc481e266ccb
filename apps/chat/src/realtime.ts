import type { QueryClient } from '@tanstack/react-query';
import { CHAT_EVENT_KINDS, chatQueryKeys } from '@portal/api-client/core';
import { REALTIME_RESYNC, registerRealtimeReactions, type RealtimeSubscriber } from '@portal/api-client/realtime';

/**
 * Chat events refetch the chat list and the open chat (whose fetch catches up from its last
 * message); so does every reconnect after the first connection, and every resync the server
 * sends (its fan-out between processes dropped or came back), so what was sent meanwhile is not
 * missed. The navbar's chat count is the shell's query and the shell's reaction.
 */
export function chatReactions(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  const count = chatQueryKeys.unreadCount();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.all(), predicate: (q) => q.queryKey[1] !== count[1] });
  const offs = [...CHAT_EVENT_KINDS, REALTIME_RESYNC].map((kind) => bus.subscribe(kind, refresh));
  let wasOpen = false;
  offs.push(
    bus.status.subscribe((s) => {
      if (s === 'open' && wasOpen) refresh();
      if (s === 'open') wasOpen = true;
    }),
  );
  return () => offs.forEach((off) => off());
}

/** Imported by every exposed module: the shell routes the bus here once this remote is loaded. */
export function registerChatReactions(): void {
  registerRealtimeReactions('chat', chatReactions);
}
