import { FavoriteTargetType, LikeTargetType, LikeType } from '@portal/api-client/core';

/** Where an unread item opens (section 2): its detail route by unread type; a comment opens its topic at that comment. */
export function unreadHref(item: {
  unread_type: number;
  unread_target_id: number;
  group_id: number | null;
  topic_id: number | null;
  topic_comment_id: number | null;
  search_query?: string | undefined;
}): string | null {
  const g = item.group_id;
  switch (item.unread_type) {
    case LikeTargetType.GROUP_TOPIC:
      return `/group/${g}/topic/${item.unread_target_id}`;
    case LikeTargetType.GROUP_TOPIC_COMMENT:
      return `/group/${g}/topic/${item.topic_id}?commentSearchId=${item.topic_comment_id}`;
    case LikeTargetType.GROUP_SHARED_FOLDER:
      return `/group/${g}/shared-folder/file/${item.unread_target_id}`;
    case LikeTargetType.COMMON_TOPIC:
      return `/common-topic/topic/${item.unread_target_id}`;
    case LikeTargetType.COMMON_TOPIC_COMMENT:
      return `/common-topic/topic/${item.topic_id}?commentSearchId=${item.topic_comment_id}`;
    case LikeTargetType.COMMON_SHARED_FOLDER:
      return `/common-topic/shared-folder/file/${item.unread_target_id}`;
    case LikeTargetType.CHAT_CONTENT:
      return `/chat/detail/${item.group_id ?? item.unread_target_id}`;
    case LikeTargetType.SAVED_SEARCH:
      return item.search_query ? `/search-result?${item.search_query.replace(/^\?/, '')}` : null;
    default:
      return null;
  }
}

export function likeHref(n: { like_type: number; group_id: number | null; topic_id: number; comment_id: number | null }): string {
  // A chat like carries the chat in topic_id (its message in comment_id).
  if (n.like_type === LikeType.CHAT) return `/chat/detail/${n.topic_id}`;
  const comment = n.comment_id ? `?commentSearchId=${n.comment_id}` : '';
  if (n.like_type === LikeType.GROUP_TOPIC || n.like_type === LikeType.GROUP_TOPIC_COMMENT)
    return `/group/${n.group_id}/topic/${n.topic_id}${comment}`;
  return `/common-topic/topic/${n.topic_id}${comment}`;
}

export function favoriteHref(f: { favorite_target_type: number; target_id: number; group_id: number | null }): string | null {
  switch (f.favorite_target_type) {
    case FavoriteTargetType.GROUP_TOPIC:
      return `/group/${f.group_id}/topic/${f.target_id}`;
    case FavoriteTargetType.GROUP_FILE:
      return `/group/${f.group_id}/shared-folder/file/${f.target_id}`;
    case FavoriteTargetType.COMMON_TOPIC:
      return `/common-topic/topic/${f.target_id}`;
    case FavoriteTargetType.COMMON_FILE:
      return `/common-topic/shared-folder/file/${f.target_id}`;
    case FavoriteTargetType.CALENDAR:
      return `/calendar/${f.target_id}`;
    case FavoriteTargetType.CHAT:
      return `/chat/detail/${f.target_id}`;
    default:
      return null;
  }
}

/** The unread-list kind a favourite corresponds to, so its mark-read button uses the same call. */
export function favoriteUnreadId(f: { favorite_target_type: number; target_id: number }): string | null {
  const map: Record<number, number> = {
    [FavoriteTargetType.GROUP_TOPIC]: LikeTargetType.GROUP_TOPIC,
    [FavoriteTargetType.COMMON_TOPIC]: LikeTargetType.COMMON_TOPIC,
    [FavoriteTargetType.GROUP_FILE]: LikeTargetType.GROUP_SHARED_FOLDER,
    [FavoriteTargetType.COMMON_FILE]: LikeTargetType.COMMON_SHARED_FOLDER,
    // A starred chat reads like its chat notice (one per chat, read to the newest message).
    [FavoriteTargetType.CHAT]: LikeTargetType.CHAT_CONTENT,
  };
  const type = map[f.favorite_target_type];
  return type ? `${type}-${f.target_id}` : null;
}
