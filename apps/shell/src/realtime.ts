import { createWebSocketBus, TOPIC_EVENT_KINDS, type RealtimeBus, type TopicEventPayload } from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';
import { api } from '@portal/api-client/browser';
import { queryKeys } from '@portal/api-client/core';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The one realtime connection of the page. Remotes get it through `getRealtimeBus()`; it runs
 * while there is a token (the bus itself drops and re-opens the socket as the token changes).
 */
let bus: RealtimeBus | null = null;

export function getRealtimeBus(): RealtimeBus | null {
  return bus;
}

export function startRealtime(queryClient: QueryClient): () => void {
  bus = createWebSocketBus({
    getToken: () => $session.get().accessToken,
    watchToken: (cb) => $session.listen(cb),
    // A refused token is usually just expired: refresh it; the bus reconnects on the new one.
    onAuthFailure: () => {
      api.refresh().catch(() => undefined);
    },
  });
  // Another tab or device changed the settings: refetching the query re-applies language and
  // theme through the layout's settings effect.
  const off = bus.subscribe('settings.updated', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings() });
  });
  const offTopics = TOPIC_EVENT_KINDS.map((kind) =>
    bus!.subscribe(kind, (event) => void refreshTopicQueries(queryClient, event.payload as TopicEventPayload | undefined)),
  );
  bus.start();
  const started = bus;
  return () => {
    off();
    offTopics.forEach((stop) => stop());
    started.stop();
    if (bus === started) bus = null;
  };
}

/**
 * Someone posted, commented or liked where this user reads: the open feed, detail, comments and
 * unread badges reload. One place for every remote, because they all share this query cache.
 */
export function refreshTopicQueries(queryClient: QueryClient, payload: TopicEventPayload | undefined): Promise<void> {
  if (!payload) return Promise.resolve();
  const scope = payload.group_id === null ? queryKeys.commonTopics() : queryKeys.groupTopics(payload.group_id);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: scope }),
    // The home group list carries the unread badges.
    queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] }),
  ]).then(() => undefined);
}
