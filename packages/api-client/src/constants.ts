/**
 * Business constants and enums from spec sections 3 and 9. Every limit the UI or the API checks
 * is named here once, so the two can never disagree.
 */

/** Where the API answers (spec section 7); the client and the schemas' URLs (inline images) share it. */
export const API_PREFIX = '/service/api/v1';

export const LIMITS = {
  /** Group attachment size default, in MB (section 9). */
  groupMaxAttachmentMb: 25,
  /** Per-file limit of common files and common topic attachments, in MB (no group setting applies). */
  commonMaxFileMb: 25,
  maxFilesPerUpload: 30,
  restorableFileGenerations: 3,
  imageMinWidth: 500,
  imageMinHeight: 100,
  imageMaxMb: 25,
  /**
   * Highest per-file limit a group administrator may set: any file must still fit in one zip
   * download. Group images stay bounded by imageMaxMb on their own.
   */
  attachmentMaxMb: 500,
  downloadTotalMb: 500,
  groupAutoDeleteDays: 30,
  groupStorageCapacityGb: 10,
  storageWarningPercent: 80,
  invitationExpiryDays: 7,
  lockoutFailures: 10,
  passwordMinLength: 8,
  emailMaxLength: 100,
  searchKeywordMax: 255,
  /** The topic feeds' title filter (`title` query parameter), in characters. */
  topicTitleFilterMax: 100,
  unreadBadgeCap: 99,
  groupListPageSize: 10,
  groupListDefaultLimit: 99999,
  searchDebounceMs: 1000,
  previewTextLength: 50,
  previewNameLength: 20,
  memberSearchPageSize: 50,
  memberSearchScrollThresholdPx: 160,
  liveNotificationWindowMs: 60_000,
  idleLogoutSeconds: 86400,
  logoutResetDelayMs: 3000,
  modalAutoCloseMs: 3000,
  modalCloseEventDelayMs: 300,
  chunkLoadTimeoutMs: 120_000,
  pcViewportWidth: 1200,
  chatMobileBreakpoint: 1200,
  /** Access tokens are short-lived; the refresh token carries the 86400 s idle window. */
  accessTokenTtlSeconds: 15 * 60,
  passwordResetTtlSeconds: 60 * 60,
  /** Generic string fields: max length in characters; bytes at most 4 × that (section 5). */
  bytesPerChar: 4,
} as const;

export const DEFAULT_SETTINGS = {
  number_item_lists: 10,
  number_items_list_comment: 10,
  first_day_of_week: 1,
  email_notify_time: 9,
  notify_interval: 24,
  language: 'ja',
  nav_menu_bg_color: '#1971be',
  main_bg_color: '#FFF',
  title_color: '#212529',
  title_background: '#d3eaff',
  event_color: '#FFFFFF',
} as const;

export const LANGUAGES = ['ja', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export const InformationType = { CMS: 1, SYSTEM: 2 } as const;
export const NewsPlacement = { HOME: 1, GROUP: 2, BOTH: 3 } as const;
export const NewsTargetType = {
  NO_LINK: 1,
  GROUP_TOP: 2,
  GROUP_APPROVE: 3,
  GROUP_SETTING: 4,
  GROUP_SHARED_FOLDER: 5,
  MY_CALENDAR: 6,
} as const;
export const NewsDisplayType = { ONE_TIME: 1, CONTINUES: 2 } as const;

export const IconImage = { FILE_UPLOAD: 1, DEFAULT: 2, NONE: 3 } as const;
export const LetterColor = { WHITE: 1, BLACK: 2 } as const;
export const TopicType = { COMMON_TOPIC: 1, GROUP_TOPIC: 2 } as const;

export const FILE_KINDS = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  video: ['mp4', 'mov', 'wmv', 'avi'],
  zip: ['zip'],
  excel: ['xlsx', 'xls'],
  csv: ['csv'],
  pdf: ['pdf'],
} as const;
export type FileKind = keyof typeof FILE_KINDS | 'other';

export const FavoriteTargetType = {
  COMMON_TOPIC: 1,
  COMMON_FILE: 2,
  CALENDAR: 3,
  CHAT: 4,
  GROUP_TOPIC: 5,
  GROUP_FILE: 6,
} as const;
export const LikeTargetType = {
  GROUP_TOPIC: 1,
  GROUP_TOPIC_COMMENT: 2,
  GROUP_SHARED_FOLDER: 3,
  COMMON_TOPIC: 6,
  COMMON_TOPIC_COMMENT: 7,
  COMMON_SHARED_FOLDER: 8,
  CHAT_CONTENT: 9,
  /** Not a like target: the unread kind of a saved search with new hits. */
  SAVED_SEARCH: 10,
} as const;
export const LikeType = {
  GROUP_TOPIC: 1,
  GROUP_TOPIC_COMMENT: 2,
  COMMON_TOPIC: 3,
  COMMON_TOPIC_COMMENT: 4,
  CHAT: 5,
} as const;

export const PlanType = { NORMAL: 1, DURRATION: 2, REPEAT: 3 } as const;
export const RepeatType = { DAILY: 1, DAILY_NO_WEEKEND: 2, WEEKLY: 3, MONTHLY: 4 } as const;
/**
 * `every_month_day` of a monthly repeat on each month's last day (28th to 31st), as RFC 5545's
 * BYMONTHDAY=-1; 1–31 are that day of the month, skipped by months without it.
 */
export const LAST_DAY_OF_MONTH = -1;
export const DeadlineType = { INDEFINITE: 1, TIME_LIMIT: 2 } as const;
export const ShareType = { GROUP_TAG: 1, MEMBER_CHOOSE: 2 } as const;
export const EVENT_COLORS = [
  { name: 'white', hex: '#FFFFFF', text: 'black' },
  { name: 'banana_green', hex: '#E6F5A9', text: 'black' },
  { name: 'pink', hex: '#FAD4E0', text: 'black' },
  { name: 'blue', hex: '#CDE6FA', text: 'black' },
  { name: 'green', hex: '#2E8B57', text: 'white' },
  { name: 'gray', hex: '#6C757D', text: 'white' },
  { name: 'brown', hex: '#8B5A2B', text: 'white' },
  { name: 'red', hex: '#D9363E', text: 'white' },
] as const;

export const ThemeType = { NONE: 0, CUSTOM: 1, PRESCRIPTIVE: 2 } as const;
export const ThumbnailDisplay = { HIDE: 0, SHOW: 1 } as const;
export const TopicListSortMode = { NEWEST: 0, CATEGORY: 1 } as const;
export const SORT_OPTIONS = ['update_desc', 'update_asc', 'title_desc', 'title_asc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SearchTarget = { TOPIC: 1, CALENDAR: 2, CHAT: 3, SHARED_FOLDER: 4 } as const;
export const SearchDataKind = { TITLE: 1, CONTENT: 2, COMMENT: 3, UPLOADER: 4, SENT_TO: 5 } as const;
export const SearchTimeRange = {
  WEEK: 0,
  MONTH: 1,
  THREE_MONTHS: 2,
  SIX_MONTHS: 3,
  YEAR: 4,
  CUSTOM: 5,
} as const;

export const FileType = { FILE: 0, FOLDER: 1 } as const;
export const PublishScope = { EVERYONE: 0, ADMIN: 1 } as const;
export const ContentFormat = { TEXT: 0, HTML: 1 } as const;
export const MemberRole = { ADMIN: 0, MEMBER: 1 } as const;
export const LinkType = { LINK: 0, MAIL: 1 } as const;
export const UserRegisterType = {
  ADMIN_REGISTER: 0,
  USER_REGISTER_INVITE: 1,
  USER_REGISTER_REQUEST_JOIN: 2,
  USER_TEPM_REGISTER: 3,
} as const;
export const BinOrFolder = { BIN: 0, FOLDER: 1 } as const;
export const Permission = { ADMIN: 1, INVITE: 2, EDIT_SHARED_FOLDER: 3, EDIT_TOPIC: 4 } as const;
export const GROUP_ROLE_NAMES = ['role_admin', 'role_invite', 'role_edit_shared_folder', 'role_edit_topic'] as const;
export type GroupRoleName = (typeof GROUP_ROLE_NAMES)[number];
export const DeleteMode = { MOVE_TO_BIN: 1, HARD_DELETE: 2 } as const;
export const ImageError = { NONE: 0, EMPTY: 1, OVER_SIZE: 2, NOT_IMAGE: 3 } as const;
/** The inline image upload's file field (schemas/topics.ts has the rest of the call). */
export const INLINE_IMAGE_FIELD = 'file';
/** Inline images: raster types only, checked against the bytes; SVG and everything else is refused. */
export const INLINE_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** How often an open topic editor should call check-lock-topic to keep its lock. */
export const TOPIC_LOCK_REFRESH_MS = 60_000;
export const FileFilter = {
  ALL: 0,
  UNCLASSIFIED: 1,
  IN_BIN: 2,
  FOLDER: 3,
  ATTACH_FILE: 4,
  DRAFT: 5,
} as const;
export const UserActiveStatus = { NORMAL: 0, LEAVE_GROUP_TAG: 1, LEAVE_SYSTEM: 2 } as const;
export const MailType = {
  PERIODIC_SEND_MAIL: 0,
  EMERGENCY_SEND_MAIL: 1,
  NOT_SEND_MAIL: 2,
} as const;
export const ObjectType = { TOPIC: 1, TOPIC_COMMENT: 2, SHARED_FOLDER: 3 } as const;
export const ContentKind = { TOPIC_CONTENT: 1, TOPIC_COMMENT: 2, GROUP_INFORMATION: 3 } as const;
export const SharedFolderPermissionState = { ACTIVE: 0, DISABLE: 1, HIDDEN: 2 } as const;
/** Notification count kinds for GET members/me/notification/count/{x}. */
export const NotificationCountKind = { UNREAD: 1, LIKES: 2 } as const;

/** Product name used in the document title (section 2, route guards). */
export const PRODUCT_NAME = { ja: 'グループポータル', en: 'Group Portal' } as const;

/** The six feature remotes (design card). */
export const REMOTE_NAMES = ['groups', 'common-topic', 'chat', 'calendar', 'notifications', 'settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
