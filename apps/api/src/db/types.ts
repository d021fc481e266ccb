import type { CalendarTables } from './types-calendar';
import type { Generated } from 'kysely';
import type { ChatTables } from './types-chat';
import type * as N from './types-notifications';
import type { SearchTables } from './types-search';
import type { AdminCompanyColumns, AdminTables } from './types-admin';
import type { RemotesTables } from './types-remotes';
import type { SecurityTables, SecurityTokenColumns, SecurityUserColumns } from './types-security';
import type { SettingsTables } from './types-settings';

/**
 * Table types shared by both dialects. Times are epoch milliseconds (bigint columns, read back
 * as numbers); booleans are 0/1 integers (types-base.ts).
 */
import type { Bool } from './types-base';

export type { Bool };

export interface CompaniesTable extends AdminCompanyColumns {
  id: Generated<number>;
  name: string;
  name_kana: string;
  /** Company quota over every stored file byte (group and common files). */
  storage_capacity_gb: Generated<number>;
  storage_used_bytes: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type UserStatus = 'active' | 'left';

export interface UsersTable extends SecurityUserColumns {
  id: Generated<number>;
  company_id: number;
  employee_number: string;
  email: string;
  password_hash: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  is_company_admin: Generated<Bool>;
  common_topic_role: Generated<Bool>;
  must_reset_password: Generated<Bool>;
  failed_login_count: Generated<number>;
  locked_at: number | null;
  last_login_at: number | null;
  status: Generated<UserStatus>;
  self_introduction: Generated<string>;
  email_option: Generated<number>;
  avatar_path: string | null;
  avatar_small_path: string | null;
  avatar_file_name: string | null;
  company_info_display_option: Generated<number>;
  department: Generated<string>;
  job_title: Generated<string>;
  zipcode: Generated<string>;
  prefecture: Generated<string>;
  city: Generated<string>;
  other_address: Generated<string>;
  building_name: Generated<string>;
  phone: Generated<string>;
  url: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface AuthTokensTable extends SecurityTokenColumns {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  kind: 'access' | 'refresh';
  /** One login = one family; refresh and logout act on the family. */
  family: string;
  expires_at: number;
  last_used_at: number | null;
  created_at: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface UserSettingsTable {
  id: Generated<number>;
  user_id: number;
  section: string;
  /** JSON text of the stored (partial) section. */
  value: string;
  updated_at: number;
}

export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  unread_counter: Generated<number>;
  updated_at: number;
}

export interface GroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  group_link: string;
  letter_color: Generated<number>;
  notice: Generated<string>;
  icon_image: Generated<number>;
  icon_image_path: string | null;
  icon_image_small_path: string | null;
  header_image: string | null;
  /** Storage keys of the uploaded icon and header (generated names); null when none. */
  icon_storage_key: string | null;
  header_storage_key: string | null;
  /** The uploader's original file names, display text only. */
  icon_file_name: string | null;
  header_file_name: string | null;
  auto_delete_day: Generated<number>;
  max_img_size_per_attachment: Generated<number>;
  storage_capacity_gb: Generated<number>;
  storage_used_bytes: Generated<number>;
  is_stopped: Generated<Bool>;
  /** InvitePermission: 0 role_invite holders, 1 every member, 2 administrators only. */
  invite_permission: Generated<number>;
  /** JSON array of tag strings. */
  group_tags: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  role_admin: Generated<Bool>;
  role_invite: Generated<Bool>;
  role_edit_shared_folder: Generated<Bool>;
  role_edit_topic: Generated<Bool>;
  can_notify: Generated<Bool>;
  joined_at: number;
  /** The member's own folder for this group on their home list, if any. */
  folder_id: number | null;
  display_order: Generated<number>;
}

export interface UserGroupFoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  memo: Generated<string>;
  display_order: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type InvitationStatus = 'invited' | 'cancelled' | 'superseded' | 'accepted';

export interface GroupInvitationsTable {
  id: Generated<number>;
  group_id: number;
  email: string;
  unique_url: string;
  invited_by: number | null;
  status: Generated<InvitationStatus>;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface GroupJoinRequestsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  invitation_id: number | null;
  /** Rejected requests are deleted (section 4), so only two states are stored. */
  status: Generated<'pending' | 'approved'>;
  decided_by: number | null;
  created_at: number;
  decided_at: number | null;
}

export interface GroupEquipmentsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  /** Business hours 'HH:mm' (calendar, migration 0009); null = bookable all day. */
  opening_time: string | null;
  closing_time: string | null;
  created_at: number;
  updated_at: number;
}

export interface ContentFoldersTable {
  id: Generated<number>;
  group_id: number;
  /** 'topic' for topic folders; the shared-folder engine uses its own kind. */
  kind: Generated<string>;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface TopicsTable {
  id: Generated<number>;
  company_id: number;
  /** null for a common topic, which reaches the groups in topic_destinations. */
  group_id: number | null;
  title: string;
  /** normalizeForSearch(title), written with the title; the feed's title filter matches it. */
  title_search: string;
  /** Sanitised HTML. */
  content_html: string;
  /** Plain text of the content, for previews and search. */
  content_text: string;
  author_id: number | null;
  updater_id: number | null;
  folder_id: number | null;
  like_character: Generated<string>;
  emergency_contact: Generated<Bool>;
  is_multiple_edit: Generated<Bool>;
  like_enabled: Generated<Bool>;
  hide_likers: Generated<Bool>;
  comment_enabled: Generated<Bool>;
  comment_anonymous: Generated<Bool>;
  hide_destinations: Generated<Bool>;
  in_bin: Generated<Bool>;
  /** When readers first see it; later than created_at for a scheduled topic. */
  delivery_at: number;
  moved_to_bin_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An emergency mail that went out: one per (topic, recipient, address), never sent twice. */
export interface TopicMailSendsTable {
  topic_id: number;
  user_id: number;
  email: string;
  /** When the claim was taken (the retry takes over an unsent claim older than a job lease). */
  created_at: number;
  /** When the SMTP server accepted the mail; null while claimed and not (yet) sent. */
  sent_at: number | null;
}

export interface TopicDestinationsTable {
  topic_id: number;
  group_id: number;
}

export interface TopicUserMarkTable {
  topic_id: number;
  user_id: number;
  created_at: number;
}

export interface TopicCommentsTable {
  id: Generated<number>;
  topic_id: number;
  parent_id: number | null;
  author_id: number | null;
  content_html: string;
  content_text: string;
  is_anonymous: Generated<Bool>;
  is_deleted: Generated<Bool>;
  created_at: number;
  updated_at: number;
}

export interface TopicCommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: number;
}

export interface TopicLocksTable {
  topic_id: number;
  user_id: number;
  token: string;
  expires_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number | null;
  dedupe_key: string | null;
  claimed_by: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  run_at: number;
  claimed_at: number | null;
  done_at: number | null;
  created_at: number;
}

export interface FilesTable {
  id: Generated<number>;
  company_id: number;
  /** null for a common (company-wide) file. */
  group_id: number | null;
  folder_id: number | null;
  /** Set for a topic attachment (kept when the topic goes: null then, still an attachment). */
  topic_id: number | null;
  is_attachment: Generated<Bool>;
  /** Set on a comment's attachments (they carry the topic_id of the comment's topic too). */
  comment_id: Generated<number | null>;
  title: string;
  memo: Generated<string>;
  /** The current version, copied from its file_versions row. */
  original_name: string;
  storage_key: string;
  size: number;
  kind: string;
  mime: string;
  version: Generated<number>;
  creator_id: number | null;
  updater_id: number | null;
  uploader_id: number | null;
  in_bin: Generated<Bool>;
  moved_to_bin_at: number | null;
  /** Thumbnail of the current version (its file_versions row owns it); null when there is none. */
  thumb_key: string | null;
  created_at: number;
  updated_at: number;
}

/** Every stored version of a file, the current one included; each row owns its storage key. */
export interface FileVersionsTable {
  id: Generated<number>;
  file_id: number;
  version: number;
  original_name: string;
  storage_key: string;
  size: number;
  kind: string;
  mime: string;
  /** This version's thumbnail (generated name, like storage_key); deleted with the version. */
  thumb_key: string | null;
  uploader_id: number | null;
  uploaded_at: number;
  updated_at: number;
}

export interface FileUserMarkTable {
  file_id: number;
  user_id: number;
  created_at: number;
}

/** An uploaded inline image of topic content; readable by its uploader and through topic_inline_images. */
export interface InlineImagesTable {
  id: Generated<number>;
  company_id: number;
  uploader_id: number | null;
  storage_key: string;
  mime: string;
  size: number;
  created_at: number;
}

/** A saved topic whose content shows the image. */
export interface TopicInlineImagesTable {
  topic_id: number;
  image_id: number;
}

export interface CommentInlineImagesTable {
  comment_id: number;
  image_id: number;
}

export interface DB extends CalendarTables, SearchTables, SecurityTables, RemotesTables, SettingsTables, AdminTables {
  companies: CompaniesTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
  user_settings: UserSettingsTable;
  device_tokens: DeviceTokensTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  user_group_folders: UserGroupFoldersTable;
  group_invitations: GroupInvitationsTable;
  group_join_requests: GroupJoinRequestsTable;
  group_equipments: GroupEquipmentsTable;
  content_folders: ContentFoldersTable;
  topics: TopicsTable;
  topic_destinations: TopicDestinationsTable;
  topic_reads: TopicUserMarkTable;
  topic_likes: TopicUserMarkTable;
  topic_favorites: TopicUserMarkTable;
  topic_comments: TopicCommentsTable;
  topic_comment_likes: TopicCommentLikesTable;
  topic_locks: TopicLocksTable;
  topic_mail_sends: TopicMailSendsTable;
  jobs: JobsTable;
  files: FilesTable;
  file_versions: FileVersionsTable;
  file_reads: FileUserMarkTable;
  file_favorites: FileUserMarkTable;
  inline_images: InlineImagesTable;
  topic_inline_images: TopicInlineImagesTable;
  comment_inline_images: CommentInlineImagesTable;
  // chat (migration 0010_chat)
  chats: ChatTables['chats'];
  chat_members: ChatTables['chat_members'];
  chat_messages: ChatTables['chat_messages'];
  chat_message_likes: ChatTables['chat_message_likes'];
  chat_files: ChatTables['chat_files'];
  chat_storage: ChatTables['chat_storage'];
  // notifications and news (types-notifications.ts)
  comment_reads: N.CommentReadsTable;
  like_seen: N.LikeSeenTable;
  informations: N.InformationsTable;
  information_reads: N.InformationReadsTable;
  todo_tasks: N.TodoTasksTable;
  notification_sends: N.NotificationSendsTable;
  unread_generations: N.UnreadGenerationsTable;
}

export type { HelpArticlesTable, LineAccountsTable, UserProfilesTable, VerifyTokensTable } from './types-settings';
