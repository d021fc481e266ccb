import { z } from 'zod';
import { API_PREFIX, INLINE_IMAGE_MIMES, LIMITS } from '../constants';
import { charLength, multiline, requiredText, rowId, rowIdText, text } from '../validation';
import { envelope, keysetPage } from './common';
import { FILE_KIND_VALUES } from './files';

/**
 * Topic engine contract: group topics under members/me/groups/{id}/ and common topics
 * under members/me/common-topics, one set of shapes for both. Times are epoch milliseconds.
 */

/** An edit lock lasts this long without a refresh; editors refresh well within it. */
export const TOPIC_LOCK_TTL_MS = 5 * 60_000;
export const TOPIC_TITLE_MAX = 255;
/** Stored HTML size bound (characters); inline images are uploaded files, not data URLs. */
export const TOPIC_CONTENT_MAX = 200_000;
export const COMMENT_CONTENT_MAX = 20_000;
export const LIKE_CHARACTER_MAX = 16;
/** how_nice flags: '1' likes enabled, '2' likers hidden. comment_options: '1' on, '2' anonymous. */
export const HOW_NICE = { ENABLE: '1', HIDE_LIKERS: '2' } as const;
export const COMMENT_OPTION = { ENABLE: '1', ANONYMOUS: '2' } as const;

/**
 * Create and update also take multipart/form-data, so attachments go up with the topic in one
 * request (XHR, for a progress bar): the JSON body as a string in the `data` part and each file
 * in an `attach_file` part, at most LIMITS.maxFilesPerUpload per topic, each within the group's
 * max_img_size_per_attachment (common topics: LIMITS.commonMaxFileMb).
 */
export const TOPIC_FORM_FIELDS = { data: 'data', files: 'attach_file' } as const;
/** Bound of the `data` part: the largest content (4 bytes a character) plus the other fields. */
export const TOPIC_FORM_DATA_MAX_BYTES = 4 * TOPIC_CONTENT_MAX + 64 * 1024;
/** Inline images: the one `<img src>` form the API keeps in content (field and types: constants). */
export const INLINE_IMAGE_PATH = '/members/me/inline-images';
/** The src to put in `<img>` for an uploaded inline image (also returned by the upload). */
export const inlineImageUrl = (id: number) => `${API_PREFIX}${INLINE_IMAGE_PATH}/${id}`;

const id = rowIdText();
const flagQuery = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const ids = z.array(rowId()).min(1, 'validation.required').max(500);
const options = z.array(z.enum(['1', '2'])).max(2);

export const groupParam = z.object({ id }).strict();
export const groupTopicParam = z.object({ id, topicId: id }).strict();
export const groupFolderParam = z.object({ id, folderId: id }).strict();
export const groupFolderTypeParam = z.object({ id, type: z.coerce.number().pipe(z.literal(1)) }).strict();
export const groupCommentParam = z.object({ id, commentId: id }).strict();
export const groupTopicCommentParam = z.object({ id, topicId: id, commentId: id }).strict();
export const commonTopicParam = z.object({ topicId: id }).strict();
export const commonCommentParam = z.object({ commentId: id }).strict();
export const commonTopicCommentParam = z.object({ topicId: id, commentId: id }).strict();

const listFields = {
  unread_only: flagQuery,
  /** Rows per page; defaults to the caller's setting_display.number_item_lists. */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  /** Opaque keyset cursor from the previous page's next_cursor; wins over page. */
  cursor: z.string().max(200).optional(),
  /** Title contains this, width-, case- and kana-insensitively (ﾃｽﾄ finds テスト); blank: no filter. */
  title: z
    .string()
    .trim()
    .refine((s) => charLength(s) <= LIMITS.topicTitleFilterMax, 'validation.max_length')
    .optional(),
};
export const topicListQuery = z
  .object({ ...listFields, orderBy: z.enum(['update', 'title']).optional(), sortedBy: z.enum(['asc', 'desc']).optional() })
  .strict();
export const commonTopicListQuery = z
  .object({ ...listFields, order_by: z.enum(['update', 'title']).optional(), sorted_by: z.enum(['asc', 'desc']).optional() })
  .strict();
export type TopicListQuery = z.output<typeof topicListQuery>;
export const commonTopicTopQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(200).optional(), page: z.coerce.number().int().min(1).default(1) })
  .strict();

export const commentListQuery = z
  .object({
    sortedBy: z.enum(['asc', 'desc']).default('asc'),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    page: z.coerce.number().int().min(1).default(1),
    /** Answer the page holding this comment (or the comment it replies to). */
    find_page_by_comment_id: id.optional(),
  })
  .strict();

const topicFields = {
  topic_title: requiredText(TOPIC_TITLE_MAX),
  content: multiline(z.string().max(TOPIC_CONTENT_MAX, 'validation.max_length')),
  emergency_contact: z.boolean().default(false),
  is_multiple_edit: z.boolean().default(false),
  how_nice: options.default(['1']),
  like_character_change: text(LIKE_CHARACTER_MAX).optional(),
  comment_options: options.default(['1']),
  /** Future delivery time; null or absent delivers now. */
  delivery_date: z.number().int().positive().nullable().optional(),
  /**
   * Srcs of inline images the editor took out of the content; each one no topic uses any more
   * (and that this topic used, or the caller uploaded) is deleted with the save.
   */
  deleted_tiny_src: z.array(z.string().max(300)).max(500).optional(),
};
/** Attachment ids of the topic to remove with an update. */
const deletedAttachFile = z.array(rowId()).max(LIMITS.maxFilesPerUpload).optional();
export const newTopicBody = z.object({ ...topicFields, folder_id: rowId().nullable().optional() }).strict();
export const updateTopicBody = z
  .object({ ...topicFields, lock_token: z.string().max(64).optional(), deleted_attach_file: deletedAttachFile })
  .strict();
export const newCommonTopicBody = z
  .object({ ...topicFields, selected_group: ids, hide_to_selected_group_tag: z.boolean().default(false) })
  .strict();
export const updateCommonTopicBody = newCommonTopicBody
  .extend({ lock_token: z.string().max(64).optional(), deleted_attach_file: deletedAttachFile })
  .strict();
export type NewTopicBody = z.output<typeof newTopicBody>;
export type NewCommonTopicBody = z.output<typeof newCommonTopicBody>;

export const topicIdsBody = z
  .object({ topic_ids: ids, from: z.string().max(50).optional(), is_from: z.string().max(50).optional() })
  .strict();
export const moveTopicsToFolderBody = z.object({ topic_ids: ids, folder_id: rowId(), from: z.string().max(50).optional() }).strict();
export const emptyBinBody = z.object({ group_id: rowId().optional() }).strict();
export const createFolderBody = z.object({ type: z.literal(1).default(1), folder_name: requiredText(100) }).strict();
export const renameFolderBody = z.object({ folder_id: rowId(), folder_name: requiredText(100) }).strict();
export const deleteFolderBody = z.object({ folder_id: rowId() }).strict();
export const likeBody = z.object({ is_like: z.boolean() }).strict();
export const favoriteBody = z.object({ is_favor: z.boolean() }).strict();
export const lockBody = z.object({ lock_token: z.string().max(64).optional() }).strict();
export const commentBody = z
  .object({
    topic_id: rowId(),
    content: multiline(z.string().max(COMMENT_CONTENT_MAX, 'validation.max_length')),
    parent_id: rowId().nullable().optional(),
    is_anonymous: z.boolean().default(false),
  })
  .strict();

const person = z.object({ id: z.number().int(), name: z.string() });
const groupRef = z.object({ id: z.number().int(), name: z.string() });

export const topicRow = z.object({
  id: z.number().int(),
  topic_type: z.union([z.literal(1), z.literal(2)]),
  group_id: z.number().int().nullable(),
  title: z.string(),
  /** Plain-text preview, 50 characters cut at a space. */
  content: z.string(),
  /** Updater name, 20 characters. */
  updater: z.string(),
  user_active_status: z.number().int(),
  update_at: z.number().int(),
  delivery_date: z.number().int(),
  is_scheduled: z.boolean(),
  is_read: z.boolean(),
  emergency_contact: z.boolean(),
  allow_anonymous_comment: z.boolean(),
  folder_id: z.number().int().nullable(),
  is_in_bin: z.boolean(),
});
export type TopicRow = z.infer<typeof topicRow>;
export const topicListResponse = envelope(keysetPage(topicRow));

/** One attachment of a topic (a file in the shared folder's attachment list). */
export const topicAttachment = z.object({
  id: z.number().int(),
  /** The uploader's file name, display text only. */
  name: z.string(),
  size: z.number().int(),
  kind: z.enum(FILE_KIND_VALUES),
  mime: z.string(),
  uploaded_at: z.number().int(),
  /** The browser may show it inline (image, PDF, video); everything else downloads. */
  can_preview: z.boolean(),
});
export type TopicAttachment = z.infer<typeof topicAttachment>;

export const topicDetail = z.object({
  id: z.number().int(),
  topic_type: z.union([z.literal(1), z.literal(2)]),
  group_id: z.number().int().nullable(),
  topic_title: z.string(),
  content: z.string(),
  emergency_contact: z.boolean(),
  is_multiple_edit: z.boolean(),
  how_nice: z.array(z.enum(['1', '2'])),
  like_character_change: z.string(),
  comment_options: z.array(z.enum(['1', '2'])),
  delivery_date: z.number().int(),
  is_scheduled: z.boolean(),
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  creater_id: z.number().int().nullable(),
  creater_name: z.string(),
  created_at: z.number().int(),
  updater_id: z.number().int().nullable(),
  updater_name: z.string(),
  updated_at: z.number().int(),
  is_in_bin: z.boolean(),
  move_to_bin: z.number().int().nullable(),
  /** When the bin empties itself of this topic. */
  date_remove: z.number().int().nullable(),
  /** Empty when likers are hidden from the caller. */
  liker: z.array(person),
  liker_count: z.number().int(),
  is_like: z.boolean(),
  is_favor: z.boolean(),
  is_read: z.boolean(),
  /** Empty when destinations are hidden from the caller. */
  selected_group: z.array(groupRef),
  hide_to_selected_group_tag: z.boolean(),
  comment_count: z.number().int(),
  can_edit: z.boolean(),
  /** Attachments, oldest first. Always sent by the API (optional only for older fixtures). */
  attach_file: z.array(topicAttachment).optional(),
  /** How many attachments the topic has (≤ LIMITS.maxFilesPerUpload). */
  total_attach_file: z.number().int().optional(),
});
export type TopicDetail = z.infer<typeof topicDetail>;
export const topicDetailResponse = envelope(topicDetail);

export const likeResponse = envelope(z.object({ is_like: z.boolean(), liker_count: z.number().int() }));
export const favoriteResponse = envelope(z.object({ is_favor: z.boolean() }));
export const readResponse = envelope(z.object({ is_read: z.boolean() }));
export const movedResponse = envelope(z.object({ count: z.number().int() }));
export const topicCountResponse = envelope(
  z.object({ all: z.number().int(), unread: z.number().int(), unclassified: z.number().int(), in_bin: z.number().int() }),
);
export const unreadCountResponse = envelope(z.object({ count: z.number().int() }));

export const topicFolder = z.object({ id: z.number().int(), name: z.string(), topic_count: z.number().int() });
export const topicFoldersResponse = envelope(z.array(topicFolder));
export const topicFolderResponse = envelope(topicFolder);

export const lockResponse = envelope(z.object({ lock_token: z.string(), expires_at: z.number().int(), ttl_ms: z.number().int() }));

const commentBase = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** Sanitised HTML; empty for a deleted comment. */
  content: z.string(),
  comment_date: z.number().int(),
  /** null for an anonymous comment (the author sees is_own). */
  commenter_id: z.number().int().nullable(),
  commenter_name: z.string().nullable(),
  is_anonymous: z.boolean(),
  is_own: z.boolean(),
  is_deleted: z.boolean(),
  comment_parent_delete: z.boolean(),
  is_like: z.boolean(),
  liker_count: z.number().int(),
  /** The comment's files, oldest first; empty for a deleted comment. Optional for older fixtures. */
  attach_file: z.array(topicAttachment).optional(),
});
export const topicComment = commentBase.extend({ comments: z.array(commentBase) });
export type TopicComment = z.infer<typeof topicComment>;
export const commentPageResponse = envelope(
  z.object({
    data: z.array(topicComment),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
);
export const commentResponse = envelope(topicComment);

/** Attachments and inline images. */
export const groupTopicAttachmentParam = z.object({ id, topicId: id, fileId: id }).strict();
export const commonTopicAttachmentParam = z.object({ topicId: id, fileId: id }).strict();
export const inlineImageParam = z.object({ imageId: id }).strict();
/**
 * group_id: the group whose topic the image is for (its attachment size bounds the image); none for
 * common topics. comment=1: the image is for a comment, which every reader of the topic may write,
 * so membership suffices instead of the topic right.
 */
export const inlineImageUploadQuery = z.object({ group_id: id.optional(), comment: z.enum(['1']).optional() }).strict();
export const inlineImageResponse = envelope(
  z.object({
    id: z.number().int(),
    /** Put this in `<img src>`; the API drops any other src. */
    url: z.string(),
    mime: z.enum(INLINE_IMAGE_MIMES),
    size: z.number().int(),
  }),
);
/** Binary replies (attachment downloads, zips, inline images). */
export const topicBinaryResponse = z.unknown();
