import {
  createWebSocketBus,
  REALTIME_RESYNC,
  routeRealtimeReactions,
  TOPIC_EVENT_ACTIONS,
  topicEventKind,
  type HostBus,
  type RealtimeBus,
  type RealtimeSubscriber,
  type TopicEventAction,
  type TopicEventPayload,
} from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';
import { api } from '@portal/api-client/browser';
import { CHAT_EVENT_KINDS, chatQueryKeys, FILES_EVENT_KIND, queryKeys } from '@portal/api-client/core';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The one realtime connection of the page, and the routing of its events. The shell reacts for
 * the queries it shows from start-up whichever remote is loaded (settings, the navbar's notice
 * and chat counts, the unread badges of the home group list); each remote reacts for its own
 * queries through `registerRealtimeReactions` (its `src/realtime.ts`), which `startRealtime`
 * routes the bus to. Remotes get the bus itself through `getRealtimeBus()`; it runs while there
 * is a token (the bus drops and re-opens the socket as the token changes).
 */
let bus: RealtimeBus | null = null;

export function getRealtimeBus(): RealtimeBus | null {
  return bus;
}

export function startRealtime(queryClient: QueryClient): () => void {
  const started = createWebSocketBus({
    getToken: () => $session.get().accessToken,
    watchToken: (cb) => $session.listen(cb),
    // A refused token is usually just expired: refresh it; the bus reconnects on the new one.
    onAuthFailure: () => {
      api.refresh().catch(() => undefined);
    },
  });
  bus = started;
  const stops = [
    // Another tab or device changed the settings: refetching the query re-applies language and
    // theme through the layout's settings effect.
    started.subscribe('settings.updated', () => void queryClient.invalidateQueries({ queryKey: queryKeys.settings() })),
    // News was posted, edited or withdrawn for this user: the news lists reload.
    started.subscribe('notification.news', () => void queryClient.invalidateQueries({ queryKey: ['news'] })),
    watchCounts(started, queryClient),
    watchChatCount(started, queryClient),
    routeRealtimeReactions(started, queryClient),
    chooseTransport(started),
  ];
  return () => {
    stops.forEach((stop) => stop());
    started.stop();
    if (bus === started) bus = null;
  };
}

/**
 * The transport is the server's choice, asked once there is a session (not on the login page):
 * `firestore` loads the Firestore transport and the firebase SDK as a lazy chunk, which then
 * drives the bus; anything else, or a failure to ask, to load or to sign in, starts the socket.
 */
export function chooseTransport(host: HostBus): () => void {
  // undefined: not asked yet; null: asking or on the socket; else the Firestore transport's stop.
  let stop: (() => void) | null | undefined;
  const off = $session.subscribe(({ accessToken }) => {
    if (!accessToken || stop !== undefined) return;
    stop = null;
    api
      .call('firebaseToken', {})
      .then(({ items }) => {
        if (items.transport !== 'firestore') throw 0;
        return import('./realtime-firestore').then((m) => stop === null && (stop = m.runFirestore(host, items)));
      })
      .catch(() => stop === null && host.start());
  });
  return () => {
    off();
    stop?.();
    // Torn down: a late answer must neither start the socket nor Firebase.
    stop = () => undefined;
  };
}

/**
 * The notice counts (navbar bells, the notifications remote's lists) and the unread badges of
 * the home group list. They change when the user read something elsewhere (another tab or
 * device), after a resync (events may have been missed), and with every topic event but likes
 * (a like changes only like notices) and every shared-folder change. The topics' and folders'
 * own queries are their remotes' reactions.
 */
export function watchCounts(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  const notices = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const badges = () => queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
  const both = () => void Promise.all([notices(), badges()]);
  const stops = [
    bus.subscribe('notification.changed', both),
    bus.subscribe(REALTIME_RESYNC, both),
    bus.subscribe(FILES_EVENT_KIND, () => void notices()),
  ];
  for (const action of TOPIC_EVENT_ACTIONS) {
    for (const kind of [topicEventKind(1, action), topicEventKind(null, action)]) {
      stops.push(
        bus.subscribe(kind, (event) => void refreshTopicCounts(queryClient, action, event.payload as TopicEventPayload | undefined)),
      );
    }
  }
  return () => stops.forEach((stop) => stop());
}

/** A topic event's part in the counts: notices always, group badges unless it is a like. */
export function refreshTopicCounts(
  queryClient: QueryClient,
  action: TopicEventAction,
  payload: TopicEventPayload | undefined,
): Promise<void> {
  if (!payload) return Promise.resolve();
  const notices = queryClient.invalidateQueries({ queryKey: ['notifications'] });
  if (action === 'liked' || action === 'comment.liked') return notices;
  return Promise.all([notices, queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] })]).then(() => undefined);
}

/**
 * The navbar's chat count follows chat events, every resync the server sends (its fan-out
 * between processes dropped or came back) and every reconnect after the first connection, so
 * what was sent meanwhile is not missed. The chat remote's own queries are its reaction.
 */
export function watchChatCount(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.unreadCount() });
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
