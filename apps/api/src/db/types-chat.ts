import type { Generated } from 'kysely';
import type { Bool } from './types-base';

/** Chat tables (migration 0010_chat); see that migration for the model. */
export interface ChatsTable {
  id: Generated<number>;
  company_id: number;
  group_id: number | null;
  name: Generated<string>;
  pair_key: string | null;
  created_by_user_id: number | null;
  last_no: Generated<number>;
  last_message_id: number | null;
  storage_used_bytes: Generated<number>;
  only_user: Generated<Bool>;
  last_activity_at: number;
  created_at: number;
  updated_at: number;
}

export interface ChatMembersTable {
  chat_id: number;
  user_id: number;
  read_no: Generated<number>;
  favorite: Generated<Bool>;
  joined_at: number;
  left_at: number | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  no: number;
  sender_id: number | null;
  content: Generated<string>;
  message_special: Generated<number>;
  client_message_id: string | null;
  reply_to_id: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface ChatMessageLikesTable {
  message_id: number;
  user_id: number;
  created_at: number;
}

export interface ChatFilesTable {
  id: Generated<number>;
  chat_id: number;
  message_id: number;
  uploader_id: number | null;
  original_name: string;
  storage_key: string;
  thumb_key: string | null;
  /** The thumbnail's size in pixels (null: no thumbnail, or sent before sizes were kept). */
  thumb_width: Generated<number | null>;
  thumb_height: Generated<number | null>;
  size: number;
  kind: string;
  mime: string;
  created_at: number;
  updated_at: number;
}

export interface ChatStorageTable {
  company_id: number;
  capacity_gb: Generated<number>;
  used_bytes: Generated<number>;
}

export interface ChatTables {
  chat_storage: ChatStorageTable;
  chats: ChatsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_message_likes: ChatMessageLikesTable;
  chat_files: ChatFilesTable;
}
