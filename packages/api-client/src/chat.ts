/**
 * Chat runtime values every side needs without zod: message kinds, realtime event kinds and the
 * query keys the chat remote and the shell's navbar share (so one invalidation reaches both).
 */

export const CHAT_NAME_MAX = 100;
export const CHAT_MESSAGE_MAX = 5000;
/** Members picked into one create or invite request. */
export const CHAT_PICK_MAX = 200;
export const CHAT_MESSAGE_PAGE = 30;
/** Multipart parts of an upload: `file` parts and a JSON `data` part (chatUploadData). */
export const CHAT_UPLOAD_FIELDS = { data: 'data', files: 'file' } as const;

/** messageSpecial / last_message_special: what a message is besides text. */
export const MessageSpecial = { TEXT: 0, FILES: 1, MEMBERS_ADDED: 2, MEMBER_LEFT: 3, RENAMED: 4 } as const;

/** Spec placeholders for a last message that is not text (section 3, unread notifications). */
export const CHAT_PREVIEW_PLACEHOLDER = { file: 'ATTACH_FILE', deleted: 'MESSAGE_DELETED' } as const;

/**
 * Realtime events of a chat, sent to its current members only (plus, for `chat.members`, those
 * who just left so their list drops it). Payload: ChatEventPayload. A client that reconnects
 * refetches the list and asks `message/{id}?after_no=` for what it missed.
 */
export const CHAT_EVENT_KINDS = [
  'chat.message',
  'chat.message.deleted',
  'chat.liked',
  'chat.read',
  'chat.members',
  'chat.updated',
] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];

export interface ChatEventPayload {
  group_chat_id: number;
  /** chat.message / chat.message.deleted / chat.liked: the message and its number. */
  message_id?: number;
  no?: number;
  /** chat.read: who read up to `no`; chat.message: the sender. */
  user_id?: number;
}

export const chatQueryKeys = {
  all: () => ['chat'] as const,
  list: (params: { limit?: number } = {}) => ['chat', 'list', params] as const,
  unreadCount: () => ['chat', 'unread-count'] as const,
  detail: (chatId: number) => ['chat', 'detail', chatId] as const,
  messages: (chatId: number) => ['chat', 'detail', chatId, 'messages'] as const,
  gallery: (chatId: number) => ['chat', 'detail', chatId, 'gallery'] as const,
  storage: () => ['chat', 'storage'] as const,
  picker: (groupId: number, params: { search?: string; group_chat_id?: number } = {}) => ['chat', 'picker', groupId, params] as const,
};
