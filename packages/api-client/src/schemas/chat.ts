import { z } from 'zod';
import { afterFields, requiredMultilineText, requiredText, rowId, rowIdText } from '../validation';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_PAGE, CHAT_NAME_MAX, CHAT_PICK_MAX } from '../chat';
import { envelope, page } from './common';

/**
 * Chat contract (spec section 7 "Chat" and "Gallery", field names from section 3). Messages are
 * numbered per chat (`index`); history pages go upwards with `before_no`, and a client that was
 * away asks for `after_no`. Sending carries a client message id, so a retry stores nothing twice.
 */

const id = rowIdText();
const userIdList = z.array(rowId()).min(1, 'validation.required').max(CHAT_PICK_MAX);
/** "1,2,3" as the spec sends user_ids, or an array. */
const commaIds = z.union([
  z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'validation.format')
    .transform((s) => s.split(',').map(Number))
    .pipe(userIdList),
  userIdList,
]);

export const chatIdParam = z.object({ id }).strict();
export const chatMessageParam = z.object({ id, messageId: id }).strict();
export const chatFileParam = z.object({ id, fileId: id }).strict();
export const chatGalleryMessageParam = z.object({ id, msgId: id }).strict();
export const chatGroupParam = z.object({ id }).strict();

export const chatUser = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  user_active_status: z.number().int(),
});
export type ChatUser = z.infer<typeof chatUser>;

export const groupChat = z.object({
  id: z.number().int(),
  /** The name given by rename; '' when none (the title is then made of member names). */
  name: z.string(),
  group_id: z.number().int().nullable(),
  only_user: z.number().int(),
  count_message_not_seen: z.number().int(),
  last_message: z.string().nullable(),
  last_message_special: z.number().int().nullable(),
  /** The last message was deleted by its author. */
  last_message_deleted: z.boolean(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Current member count. */
  size: z.number().int(),
  created_by_user_id: z.number().int().nullable(),
  created_at: z.number(),
  /** Last activity (a message, or the creation). */
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  user_group_chat: z.array(chatUser.extend({ pivot: z.object({ favorite: z.number().int() }) })),
  favorite: z.number().int(),
});
export type GroupChat = z.infer<typeof groupChat>;

export const chatListQuery = z
  .object({
    orderBy: z.enum(['updated_at']).default('updated_at'),
    sortedBy: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(99999).default(20),
    page: z.coerce.number().int().min(1).default(1),
    /** 1: only chats with unread messages. */
    isGetUnRead: z.enum(['0', '1']).default('0'),
  })
  .strict();
export const chatListResponse = envelope(page(groupChat).extend({ total_unread: z.number().int() }));
export const chatResponse = envelope(groupChat);
export const chatPageQuery = z
  .object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(99999).default(20) })
  .strict();
export const chatPageResponse = envelope(page(groupChat));
export const chattedUser = chatUser.extend({ group_chat_id: z.number().int() });
export const chattedUsersResponse = envelope(page(chattedUser));
export const chatUnreadResponse = envelope(z.object({ count: z.number().int(), chats: z.number().int() }));

export const checkChatExistQuery = z.object({ user_ids: commaIds }).strict();
export const checkChatExistResponse = envelope(
  z.object({ is_existed: z.boolean(), group_chat: z.object({ id: z.number().int() }).nullable() }),
);

export const createChatBody = z
  .object({
    user_ids: commaIds,
    /** The group the members were picked from; every member must belong to it. */
    group_id: rowId(),
    name: z.string().trim().max(CHAT_NAME_MAX, 'validation.max_length').optional(),
  })
  .strict();
export const createChatResponse = envelope(z.object({ id: z.number().int(), is_existed: z.boolean() }));

export const chatFile = z.object({
  id: z.number().int(),
  message_id: z.number().int(),
  name: z.string(),
  size: z.number(),
  kind: z.string(),
  mime: z.string(),
  has_thumbnail: z.boolean(),
  /** The thumbnail's pixel size, to reserve its box before it loads; null when not known. */
  thumb_size: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  uploader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.number(),
});
export type ChatFile = z.infer<typeof chatFile>;

export const replyMessage = z.object({
  id: z.number().int(),
  content: z.string(),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  group_chat_id: z.number().int(),
  created_at: z.number(),
  no_in_group_chat: z.number().int(),
  message_special: z.number().int(),
  is_own_msg: z.boolean(),
  is_deleted_by_author: z.boolean(),
});

export const chatMessage = z.object({
  id: z.number().int(),
  group_chat_id: z.number().int(),
  /** Position in the chat, 1-based and gap-free. */
  index: z.number().int(),
  /** '' once deleted. Plain text, shown as text. */
  content: z.string(),
  sender_id: z.number().int().nullable(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  user_active_status: z.number().int(),
  created_at: z.number(),
  messageSpecial: z.number().int(),
  isOwnMsg: z.boolean(),
  isCanDelete: z.boolean(),
  is_deleted: z.boolean(),
  liker: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isLike: z.boolean(),
  replyMessage: replyMessage.nullable(),
  file: z.array(chatFile),
  is_html_content: z.number().int(),
  client_message_id: z.string().nullable(),
  /** Members other than the sender who have read it (read receipts), and who they are. */
  read_count: z.number().int(),
  read_by: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const messagesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(CHAT_MESSAGE_PAGE),
    /** Older history: messages numbered below this. */
    before_no: z.coerce.number().int().min(1).optional(),
    /** Catch-up: messages numbered above this, oldest first. */
    after_no: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export const messagesResponse = envelope(
  z.object({
    /** Oldest first. */
    data: z.array(chatMessage),
    /** More messages exist in the direction asked: older (latest page, before_no) or newer (after_no). */
    has_more: z.boolean(),
    last_no: z.number().int(),
    read_no: z.number().int(),
  }),
);

export const sendMessageBody = z
  .object({
    content: requiredMultilineText(CHAT_MESSAGE_MAX),
    client_message_id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.format'),
    reply_message_id: rowId().optional(),
  })
  .strict();
export const messageResponse = envelope(chatMessage);

export const likeMessageBody = z.object({ is_like: z.boolean() }).strict();
export const likeMessageResponse = envelope(z.object({ is_like: z.boolean(), like_count: z.number().int() }));

export const chatRefBody = z.object({ group_chat_id: rowId() }).strict();
export const markReadResponse = envelope(z.object({ count_message_not_seen: z.number().int() }));
export const favoriteChatBody = z.object({ favorite: z.boolean() }).strict();
export const favoriteChatResponse = envelope(z.object({ favorite: z.number().int() }));
export const inviteChatBody = z.object({ group_chat_id: rowId(), user_ids: commaIds }).strict();
export const renameChatBody = z.object({ name: requiredText(CHAT_NAME_MAX) }).strict();

export const pickerQuery = z
  .object({
    /** Already chosen: left out of the results. */
    user_ids: z.union([z.literal(''), commaIds]).optional(),
    search: z.string().max(255).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    page: z.coerce.number().int().min(1).default(1),
    /** Members of this chat come back with is_in_chat (listed, not removable). */
    group_chat_id: rowIdText().optional(),
  })
  .strict();
export const pickerMember = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), is_in_chat: z.boolean() });
export const pickerResponse = envelope(page(pickerMember));

export const galleryQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(30),
  })
  .strict();
export const galleryResponse = envelope(page(chatFile));
export const chatUploadData = z
  .object({
    client_message_id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.format'),
    reply_message_id: rowId().optional(),
  })
  .strict();
export const chatDownloadBody = z.object({ file_ids: z.array(rowId()).min(1, 'validation.required').max(500) }).strict();

const usage = z.object({
  capacity_bytes: z.number(),
  used_bytes: z.number(),
  percent: z.number(),
  warning: z.boolean(),
  full: z.boolean(),
});
export const chatStorageResponse = envelope(usage);
export const chatBinaryResponse = z.unknown();

/** group-chat/update{suffix}: what a member may change of a chat; at least one field. */
export const updateChatBody = z
  .object({ name: requiredText(CHAT_NAME_MAX).optional(), favorite: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.favorite !== undefined, { message: 'validation.required', path: ['name'], ...afterFields });
/** chat/user-chated: the spec pages with `limited`, not `limit`. */
export const userChatedQuery = z
  .object({ page: z.coerce.number().int().min(1).default(1), limited: z.coerce.number().int().min(1).max(200).default(20) })
  .strict();
export const userChatedResponse = envelope(page(chatUser.extend({ last_chatted_at: z.number().int() })));
