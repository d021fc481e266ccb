import type { Query, QueryClient } from '@tanstack/react-query';
import { queryKeys, type TopicDetail } from '@portal/api-client/core';
import {
  TOPIC_EVENT_ACTIONS,
  topicEventKind,
  type RealtimeSubscriber,
  type TopicEventAction,
  type TopicEventPayload,
  type TopicLikeChange,
} from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';

/**
 * The topic engine's realtime reactions: groups and common-topic register them (their
 * `src/realtime.ts`) and the shell routes topic events to them. The unread badges and notice
 * counts the same events change are the shell's reaction (apps/shell/src/realtime.ts).
 */
export function topicReactions(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  const stops = TOPIC_EVENT_ACTIONS.flatMap((action) =>
    [topicEventKind(1, action), topicEventKind(null, action)].map((kind) =>
      bus.subscribe(kind, (event) => void refreshTopicQueries(queryClient, action, event.payload as TopicEventPayload | undefined)),
    ),
  );
  return () => stops.forEach((stop) => stop());
}

/**
 * Someone posted where this user reads, or liked or commented on a topic this page shows
 * (TopicDetailView subscribes through `viewTopic`) or that concerns them (their topic or
 * comment): the open feed, detail and comments reload.
 *
 * A like changes one count: the topic detail's (or a comment's, on the topic's comment pages).
 * No feed row carries it, so those are left alone: refetching them was most of what a like cost
 * the server under load.
 */
export function refreshTopicQueries(
  queryClient: QueryClient,
  action: TopicEventAction,
  payload: TopicEventPayload | undefined,
): Promise<void> {
  if (!payload) return Promise.resolve();
  const detail =
    payload.group_id === null ? queryKeys.commonTopic(payload.topic_id) : queryKeys.groupTopic(payload.group_id, payload.topic_id);
  if (action === 'liked' && payload.like) {
    queryClient.setQueryData<TopicDetail>(detail, (old) => (old ? withLike(old, payload.like!, $session.get().user?.id) : old));
    return Promise.resolve();
  }
  if (action === 'liked') return queryClient.invalidateQueries({ queryKey: detail, exact: true });
  if (action === 'comment.liked') return queryClient.invalidateQueries({ queryKey: [...detail, 'comments'] });
  const scope = payload.group_id === null ? queryKeys.commonTopics() : queryKeys.groupTopics(payload.group_id);
  // Of the open detail a comment changes only `comment_count`, which no page shows (the comment
  // list is patched or reloaded): the detail is marked stale for its next mount, not read
  // again. Every viewer of a topic re-reading its detail on each comment was a third of the
  // topic reads under load.
  const commentOnly = action === 'comment.added' || action === 'comment.deleted';
  if (!commentOnly) return queryClient.invalidateQueries({ queryKey: scope });
  const detailQuery = queryClient.getQueryCache().find({ queryKey: detail, exact: true });
  const comments = [...detail, 'comments'];
  // Comment pages the event itself brings up to date are not read again. The patching code is a
  // chunk of its own, loaded with the first comment on an open topic: most pages never need it.
  // (`find` matches exactly by default; the pages' keys only start with `comments`.)
  const patching = queryClient.getQueryCache().findAll({ queryKey: comments }).length
    ? import('./realtime-comments').then(
        (m) => m.patchCommentPages(queryClient, comments, action, payload, $session.get().user?.id),
        () => new Set<Query>(),
      )
    : Promise.resolve(new Set<Query>());
  return patching
    .then((patched) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scope, predicate: (q) => q !== detailQuery && !patched.has(q) }),
        queryClient.invalidateQueries({ queryKey: detail, exact: true, refetchType: 'none' }),
      ]),
    )
    .then(() => undefined);
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
