import {
  createWebSocketBus,
  REALTIME_RESYNC,
  TOPIC_EVENT_ACTIONS,
  topicEventKind,
  type HostBus,
  type RealtimeBus,
  type TopicEventAction,
  type TopicEventPayload,
  type TopicLikeChange,
} from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';
import { api } from '@portal/api-client/browser';
import {
  CALENDAR_EVENT_KIND,
  CALENDAR_QUERY_ROOT,
  CHAT_EVENT_KINDS,
  chatQueryKeys,
  FILES_EVENT_KIND,
  queryKeys,
  type FilesEventPayload,
  type TopicDetail,
} from '@portal/api-client/core';
import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The one realtime connection of the page. Remotes get it through `getRealtimeBus()`; it runs
 * while there is a token (the bus itself drops and re-opens the socket as the token changes).
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
  // Another tab or device changed the settings: refetching the query re-applies language and
  // theme through the layout's settings effect.
  const off = bus.subscribe('settings.updated', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings() });
  });
  // The user read something elsewhere (another tab or device): their notification numbers change.
  // A resync (events may have been missed) refreshes the same numbers and badges.
  const refreshCounts = () => {
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    void queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] });
  };
  const offNotifications = bus.subscribe('notification.changed', refreshCounts);
  const offResync = bus.subscribe(REALTIME_RESYNC, refreshCounts);
  // News was posted, edited or withdrawn for this user: the news lists reload.
  const offNews = bus.subscribe('notification.news', () => void queryClient.invalidateQueries({ queryKey: ['news'] }));
  const offTopics = TOPIC_EVENT_ACTIONS.flatMap((action) =>
    [topicEventKind(1, action), topicEventKind(null, action)].map((kind) =>
      bus!.subscribe(kind, (event) => void refreshTopicQueries(queryClient, action, event.payload as TopicEventPayload | undefined)),
    ),
  );
  // An event someone shares with this user changed: open calendars, the week table and the
  // calendar unread count (all under one key root) refetch.
  const offCalendar = bus.subscribe(CALENDAR_EVENT_KIND, () => void refreshCalendarQueries(queryClient));
  // Someone changed a shared folder: its open lists, counts and details refetch.
  const offFiles = bus.subscribe(
    FILES_EVENT_KIND,
    (event) => void refreshFileQueries(queryClient, event.payload as FilesEventPayload | undefined),
  );
  const offChats = watchChats(bus, queryClient);
  const offChoice = chooseTransport(started);
  return () => {
    offChoice();
    off();
    offCalendar();
    offFiles();
    offNotifications();
    offResync();
    offNews();
    offTopics.forEach((stop) => stop());
    offChats();
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
 * Someone posted where this user reads, or liked or commented on a topic this page shows
 * (TopicDetailView subscribes through `viewTopic`) or that concerns them (their topic or
 * comment): the open feed, detail, comments and unread badges reload. One place for every
 * remote, because they all share this query cache. Likes and comments elsewhere change none of
 * this user's feed rows or badges, so the server does not send them.
 *
 * A like changes one count: the topic detail's (or a comment's, on the topic's comment pages)
 * and the author's like notices. No feed row, group badge or unread item carries it, so those
 * are left alone: refetching them was most of what a like cost the server under load.
 */
export function refreshTopicQueries(
  queryClient: QueryClient,
  action: TopicEventAction,
  payload: TopicEventPayload | undefined,
): Promise<void> {
  if (!payload) return Promise.resolve();
  const detail =
    payload.group_id === null ? queryKeys.commonTopic(payload.topic_id) : queryKeys.groupTopic(payload.group_id, payload.topic_id);
  // The notifications remote's lists and counts (navbar, unread/like/favourite pages, news).
  const notifications = queryClient.invalidateQueries({ queryKey: ['notifications'] });
  if (action === 'liked' && payload.like) {
    queryClient.setQueryData<TopicDetail>(detail, (old) => (old ? withLike(old, payload.like!, $session.get().user?.id) : old));
    return notifications;
  }
  if (action === 'liked' || action === 'comment.liked') {
    const likedOn =
      action === 'liked'
        ? queryClient.invalidateQueries({ queryKey: detail, exact: true })
        : queryClient.invalidateQueries({ queryKey: [...detail, 'comments'] });
    return Promise.all([likedOn, notifications]).then(() => undefined);
  }
  const scope = payload.group_id === null ? queryKeys.commonTopics() : queryKeys.groupTopics(payload.group_id);
  // Of the open detail a comment changes only `comment_count`, which no page shows (the comment
  // list is patched or reloaded): the detail is marked stale for its next mount, not read
  // again. Every viewer of a topic re-reading its detail on each comment was a third of the
  // topic reads under load.
  const commentOnly = action === 'comment.added' || action === 'comment.deleted';
  const others = Promise.all([
    // The home group list carries the unread badges.
    queryClient.invalidateQueries({ queryKey: ['groups', 'mine'] }),
    notifications,
  ]);
  if (!commentOnly) return Promise.all([queryClient.invalidateQueries({ queryKey: scope }), others]).then(() => undefined);
  const detailQuery = queryClient.getQueryCache().find({ queryKey: detail, exact: true });
  const comments = [...detail, 'comments'];
  // Comment pages the event itself brings up to date are not read again. The patching code is a
  // chunk of its own, loaded with the first comment on an open topic: home's start-up
  // JavaScript has a budget and most pages never need it.
  // (`find` matches exactly by default; the pages' keys only start with `comments`.)
  const patching = queryClient.getQueryCache().findAll({ queryKey: comments }).length
    ? import('./realtime-comments').then(
        (m) => m.patchCommentPages(queryClient, comments, action, payload, $session.get().user?.id),
        () => new Set<Query>(),
      )
    : Promise.resolve(new Set<Query>());
  return Promise.all([
    patching.then((patched) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scope, predicate: (q) => q !== detailQuery && !patched.has(q) }),
        queryClient.invalidateQueries({ queryKey: detail, exact: true, refetchType: 'none' }),
      ]),
    ),
    others,
  ]).then(() => undefined);
}

/**
 * A detail with a like applied. The event comes only for topics whose likers every reader sees,
 * so the cached list is complete and its length is the count, whatever order events arrive in.
 */
export function withLike(old: TopicDetail, like: TopicLikeChange, me: number | undefined): TopicDetail {
  const has = old.liker.some((u) => u.id === like.user.id);
  const liker = like.on ? (has ? old.liker : [...old.liker, like.user]) : old.liker.filter((u) => u.id !== like.user.id);
  return { ...old, liker, liker_count: liker.length, is_like: like.user.id === me ? like.on : old.is_like };
}

/** A calendar event changed: every calendar query (views, week table, unread count) reloads. */
export function refreshCalendarQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_ROOT });
}

/**
 * Chat events refetch the chat list, the navbar count and the open chat (whose fetch catches up
 * from its last message); so does every reconnect after the first connection, and every resync
 * the server sends (its fan-out between processes dropped or came back), so what was sent
 * meanwhile is not missed.
 */
export function watchChats(bus: Pick<RealtimeBus, 'subscribe' | 'status'>, queryClient: QueryClient): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.all() });
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

/** The folder's queries (group: everything under its files key; common: the common files root) and the unread counts. */
export function refreshFileQueries(queryClient: QueryClient, payload: FilesEventPayload | undefined): Promise<unknown> {
  const scope = payload?.group_id == null ? queryKeys.commonFiles() : queryKeys.groupFiles(payload.group_id);
  return Promise.all([queryClient.invalidateQueries({ queryKey: scope }), queryClient.invalidateQueries({ queryKey: ['notifications'] })]);
}
