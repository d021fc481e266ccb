import { queryKeys } from '@portal/api-client/core';
import { unreadListKey } from '@portal/api-client/page-queries';

/**
 * Query keys of this remote. Everything starts with 'notifications', so one invalidation (the
 * shell's on topic and notification events, or ours after a mark-read) refreshes every list and
 * count at once.
 */
export const nKeys = {
  all: ['notifications'] as const,
  unread: unreadListKey,
  count: queryKeys.notificationCount,
  likes: (params: { page: number; limit: number }) => ['notifications', 'likes', params] as const,
  favorites: (params: { page: number; limit: number }) => ['notifications', 'favorites', params] as const,
  favoriteCount: () => ['notifications', 'favorite-count'] as const,
};
