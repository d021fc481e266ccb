import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { postCommentWithFiles } from './commentFiles';
import type { TopicScope } from './topicScope';

/**
 * Group topics and common (company-wide) topics run on one engine with the same shapes; only the
 * endpoints and cache keys differ, and this is the one place that knows how.
 */
export { COMMON_SCOPE, groupScope, type TopicScope } from './topicScope';

export interface CommentQuery {
  sortedBy: 'asc' | 'desc';
  limit: number;
  page: number;
  find_page_by_comment_id?: number;
}

export interface CommentInput {
  content: string;
  parent_id?: number | null;
  is_anonymous: boolean;
  /** Attachments: sent as one multipart request with the comment; none sends JSON. */
  files?: File[];
}

/** Cache keys: everything of one scope lives under `all`, one topic under `detail(id)`. */
export function topicKeys(scope: TopicScope) {
  if (scope.kind === 'group') {
    const g = scope.groupId;
    return {
      all: queryKeys.groupTopics(g),
      lists: [...queryKeys.groupTopics(g), 'list'] as readonly unknown[],
      count: queryKeys.groupTopicCount(g),
      detail: (topicId: number) => queryKeys.groupTopic(g, topicId),
      comments: (topicId: number, p: { page: number; limit: number; sortedBy: string }) => queryKeys.groupTopicComments(g, topicId, p),
    };
  }
  return {
    all: queryKeys.commonTopics(),
    lists: [...queryKeys.commonTopics(), 'list'] as readonly unknown[],
    count: queryKeys.commonTopicUnreadCount(),
    detail: (topicId: number) => queryKeys.commonTopic(topicId),
    comments: (topicId: number, p: { page: number; limit: number; sortedBy: string }) => queryKeys.commonTopicComments(topicId, p),
  };
}

/** The calls on one topic, routed to the group or the common endpoints. */
export function topicCalls(scope: TopicScope, topicId: number) {
  if (scope.kind === 'group') {
    const params = { id: scope.groupId, topicId };
    return {
      detail: async () => (await api.call('topicDetail', { params })).items,
      like: async (isLike: boolean) => (await api.call('likeTopic', { params, body: { is_like: isLike } })).items,
      favorite: async (isFavor: boolean) => (await api.call('favoriteTopic', { params, body: { is_favor: isFavor } })).items,
      markUnread: async () => (await api.call('markTopicUnread', { params })).items,
      markSeen: async () => (await api.call('setTopicSeen', { params })).items,
      comments: async (query: CommentQuery) => (await api.call('topicComments', { params, query })).items,
      addComment: ({ files = [], ...body }: CommentInput) =>
        files.length
          ? postCommentWithFiles(scope, { topic_id: topicId, ...body }, files)
          : api.call('addTopicComment', { params: { id: scope.groupId }, body: { topic_id: topicId, ...body } }),
      deleteComment: (commentId: number) => api.call('deleteTopicComment', { params: { id: scope.groupId, commentId } }),
      likeComment: async (commentId: number, isLike: boolean) =>
        (await api.call('likeTopicComment', { params: { ...params, commentId }, body: { is_like: isLike } })).items,
      checkLock: async (lockToken?: string) =>
        (await api.call('checkLockTopic', { params, body: lockToken ? { lock_token: lockToken } : {} })).items,
      unlock: (lockToken: string) => api.call('unlockTopic', { params, body: { lock_token: lockToken } }),
      unlockRoute: { name: 'unlockTopic' as const, params: { id: scope.groupId, topicId } },
    };
  }
  const params = { topicId };
  return {
    detail: async () => (await api.call('commonTopic', { params })).items,
    like: async (isLike: boolean) => (await api.call('likeCommonTopic', { params, body: { is_like: isLike } })).items,
    favorite: async (isFavor: boolean) => (await api.call('favoriteCommonTopic', { params, body: { is_favor: isFavor } })).items,
    markUnread: async () => (await api.call('commonMarkUnread', { params })).items,
    markSeen: async () => (await api.call('commonMarkRead', { params })).items,
    comments: async (query: CommentQuery) => (await api.call('commonTopicComments', { params, query })).items,
    addComment: ({ files = [], ...body }: CommentInput) =>
      files.length
        ? postCommentWithFiles(scope, { topic_id: topicId, ...body }, files)
        : api.call('commonPostComment', { body: { topic_id: topicId, ...body } }),
    deleteComment: (commentId: number) => api.call('commonDeleteComment', { params: { commentId } }),
    likeComment: async (commentId: number, isLike: boolean) =>
      (await api.call('likeCommonComment', { params: { topicId, commentId }, body: { is_like: isLike } })).items,
    checkLock: async (lockToken?: string) =>
      (await api.call('checkLockCommonTopic', { params, body: lockToken ? { lock_token: lockToken } : {} })).items,
    unlock: (lockToken: string) => api.call('unlockCommonTopic', { params, body: { lock_token: lockToken } }),
    unlockRoute: { name: 'unlockCommonTopic' as const, params: { topicId } },
  };
}

/** Stable string for effect dependencies (a scope object is rebuilt on every render). */
export const scopeId = (scope: TopicScope) => (scope.kind === 'group' ? `g${scope.groupId}` : 'common');

/** sessionStorage key of an unsent comment: per topic and per reply target. */
export function draftKey(scope: TopicScope, topicId: number, parentId: number | null): string {
  const where = scope.kind === 'group' ? String(scope.groupId) : 'common';
  return `portal.topicCommentDraft.${where}.${topicId}.${parentId ?? 'root'}`;
}
