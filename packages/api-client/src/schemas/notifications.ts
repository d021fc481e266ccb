import { z } from 'zod';
import { rowIdText } from '../validation';
import { envelope, page } from './common';

/**
 * Notifications contract: the unread list and its counts, like notices and
 * favourites. An unread item's `unread_type` uses the like-target numbering of section 3
 * (LikeTargetType): 1 group topic, 2 group topic comment, 3 group shared folder, 6 common topic,
 * 7 common topic comment, 8 common shared folder, 9 chat content; beyond the spec, 10 a saved
 * search with new hits (one item per saved search, `new_hits` says how many).
 */

const id = rowIdText();

/** An unread item's id: `<unread_type>-<target id>`, the same in the list and in mark-read calls. */
export const UNREAD_ITEM_ID = /^[1-9][0-9]?-[1-9][0-9]{0,14}$/;
export const unreadItemId = z.string().regex(UNREAD_ITEM_ID, 'validation.invalid');
export const unreadKey = (unreadType: number, targetId: number) => `${unreadType}-${targetId}`;

export const unreadItem = z.object({
  id: z.string(),
  unread_type: z.number().int(),
  unread_target_id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** The group's small icon path (group kinds) or null (common kinds use the common-topic avatar). */
  avatar: z.string().nullable(),
  /** The topic a comment belongs to (comments), the topic of a topic item, else null. */
  topic_id: z.number().int().nullable(),
  topic_comment_id: z.number().int().nullable(),
  title: z.string(),
  /** Preview text (50 characters); '' when the item has none. */
  content: z.string(),
  /** Who last changed it; null for an anonymous comment. */
  update_by_user: z.string().nullable(),
  user_active_status: z.number().int(),
  emergency_contact: z.boolean(),
  allow_anonymous_comment: z.boolean(),
  updated_at: z.number().int(),
  is_read: z.boolean(),
  /** Saved-search items (type 10): the /search-result query string and its number of new hits. */
  search_query: z.string().optional(),
  new_hits: z.number().int().optional(),
});
export type UnreadItem = z.infer<typeof unreadItem>;

export const unreadListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    group_id: id.optional(),
  })
  .strict();
export const unreadListResponse = envelope(page(unreadItem));

/** Counts by kind: 1 unread items, 2 unread like notices (section 7). */
export const countKindParam = z.object({ kind: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }).strict();
export const notificationGroupParam = z.object({ groupId: id }).strict();
export const countResponse = envelope(z.object({ count: z.number().int() }));

/** What a number counts, so a badge can say it: unread items by unread_type. */
export const unreadBreakdown = z.record(z.string(), z.number().int());
export const groupCountResponse = envelope(z.object({ count: z.number().int(), by_type: unreadBreakdown }));
export const unreadGroupData = envelope(
  z.object({
    total: z.number().int(),
    /** Common topics, comments and files (no group). */
    common: z.number().int(),
    /** Items outside any group and outside common content (chat). */
    other: z.number().int(),
    groups: z.array(z.object({ group_id: z.number().int(), count: z.number().int(), by_type: unreadBreakdown })),
  }),
);

export const itemIdParam = z.object({ id: unreadItemId }).strict();
export const markSelectedBody = z.object({ notification_ids: z.array(unreadItemId).min(1, 'validation.required').max(500) }).strict();
export const markedResponse = envelope(z.object({ count: z.number().int() }));

export const likeNotice = z.object({
  /** `<like_type>-<target id>`. */
  id: z.string(),
  like_type: z.number().int(),
  like_target_id: z.number().int(),
  group_id: z.number().int().nullable(),
  topic_id: z.number().int(),
  comment_id: z.number().int().nullable(),
  /** The liked topic's title. */
  like_target: z.string(),
  like_character_change: z.string(),
  comment_content: z.string().nullable(),
  like_count: z.number().int(),
  update_by_user: z.array(z.object({ name: z.string(), user_active_status: z.number().int() })),
  updated_at: z.number().int(),
  is_read: z.boolean(),
});
export type LikeNotice = z.infer<typeof likeNotice>;
export const pagedQuery = z
  .object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(10) })
  .strict();
export const likeListResponse = envelope(page(likeNotice));

export const favoriteItem = z.object({
  /** `<favorite_target_type>-<target id>`. */
  id: z.string(),
  favorite_target_type: z.number().int(),
  target_id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  group_avatar: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  update_by_user: z.string().nullable(),
  user_active_status: z.number().int(),
  emergency_contact: z.boolean(),
  updated_at: z.number().int(),
  is_read: z.boolean(),
});
export type FavoriteItem = z.infer<typeof favoriteItem>;
export const favoriteListResponse = envelope(page(favoriteItem));
export const favoriteCountResponse = envelope(z.object({ count: z.number().int(), unread: z.number().int() }));

/** The group top page (members/me/groups/{id}/data-group-top): newest topics and files with read marks, and the group's news. */
export const groupTopResponse = envelope(
  z.object({
    topics: z.array(unreadItem),
    files: z.array(unreadItem),
    news: z.array(
      z.object({
        id: z.number().int(),
        type: z.number().int(),
        title: z.string(),
        content: z.string(),
        placement: z.number().int(),
        target_type: z.number().int(),
        target_id: z.number().int().nullable(),
        group_id: z.number().int().nullable(),
        group_name: z.string().nullable(),
        display_type: z.number().int(),
        is_readed: z.boolean(),
        created_at: z.number().int(),
      }),
    ),
  }),
);
export const groupTopParam = z.object({ id }).strict();

/** RFC 8058 one-click unsubscribe from digest mails (the link in List-Unsubscribe). */
export const unsubscribeQuery = z.object({ u: id, t: z.string().min(10).max(100) }).strict();

/** The VAPID application server key (base64url, uncompressed P-256 point) for PushManager.subscribe. */
export const pushPublicKeyResponse = envelope(z.object({ public_key: z.string() }));
