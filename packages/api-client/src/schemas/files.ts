import { z } from 'zod';
import { multilineText, requiredText, rowId, rowIdText } from '../validation';
import { envelope, keysetPage } from './common';

/**
 * File engine contract: group shared folders under members/me/groups/{id}/ and common
 * shared files under members/me/, one set of shapes for both. Times are epoch milliseconds,
 * sizes bytes. Uploads and overwrites are multipart (fields below); downloads are binary and read
 * with `api.request`, so their response schema is `unknown`.
 */

/** Multipart field names of an upload: any number of `file` parts (≤ 30) and optional fields. */
export const FILE_UPLOAD_FIELDS = { file: 'file', title: 'title', memo: 'memo', folderId: 'folder_id' } as const;
export const FILE_TITLE_MAX = 255;
export const FILE_MEMO_MAX = 2000;
/** Display names are cut to this many characters (never used as a path). */
export const FILE_NAME_MAX = 255;
export const FILE_KIND_VALUES = ['image', 'video', 'zip', 'excel', 'csv', 'pdf', 'other'] as const;

const id = rowIdText();
const flagQuery = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
const ids = z.array(rowId()).min(1, 'validation.required').max(500);

export const groupFilesParam = z.object({ id }).strict();
export const groupFileParam = z.object({ id, fileId: id }).strict();
export const groupFileFolderParam = z.object({ id, folderId: id }).strict();
export const groupFileHistoryParam = z.object({ id, fileId: id, historyId: id }).strict();
export const groupHistoryParam = z.object({ id, historyId: id }).strict();
export const commonFileParam = z.object({ fileId: id }).strict();
export const commonFileHistoryParam = z.object({ fileId: id, historyId: id }).strict();
export const commonHistoryParam = z.object({ historyId: id }).strict();

const listFields = {
  /** Rows per page; defaults to the caller's setting_display.number_item_lists. */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  /** Opaque keyset cursor from the previous page's next_cursor; wins over page. */
  cursor: z.string().max(200).optional(),
};
export const fileListQuery = z
  .object({
    ...listFields,
    unreadOnly: flagQuery,
    unread_only: flagQuery,
    orderBy: z.enum(['update', 'title']).optional(),
    sortedBy: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type FileListQuery = z.output<typeof fileListQuery>;
export const historyQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(10), page: z.coerce.number().int().min(1).default(1) })
  .strict();
/** Download one file, or one of its history entries. */
export const downloadQuery = z.object({ history_id: id.optional() }).strict();

export const updateFileInfoBody = z
  .object({ title: requiredText(FILE_TITLE_MAX), memo: multilineText(FILE_MEMO_MAX).default('') })
  .strict();
export const fileIdsBody = z.object({ file_ids: ids, from: z.string().max(50).optional() }).strict();
export const moveFilesToFolderBody = z.object({ file_ids: ids, folder_id: rowId(), from: z.string().max(50).optional() }).strict();
/** delete_mode 1 moves to the bin, 2 deletes for good (files must already be in the bin). */
export const deleteFilesBody = z.object({ file_ids: ids, delete_mode: z.union([z.literal(1), z.literal(2)]).default(1) }).strict();
export const deleteCommonFilesBody = z.object({ file_ids: ids }).strict();
export const downloadFilesBody = z.object({ file_ids: ids, is_comment_file: z.boolean().default(false) }).strict();
export const deleteHistoryBody = z.object({ file_id: rowId() }).strict();
export const favoriteFileBody = z.object({ is_favor: z.boolean() }).strict();
export const emptyFileBinBody = z.object({ group_id: rowId().optional() }).strict();
export const createFileFolderBody = z.object({ folder_name: requiredText(100) }).strict();
export const renameFileFolderBody = z.object({ folder_id: rowId(), folder_name: requiredText(100) }).strict();
export const deleteFileFolderBody = z.object({ folder_id: rowId() }).strict();

const kind = z.enum(FILE_KIND_VALUES);

export const fileRow = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  title: z.string(),
  /** The uploader's file name, display text only. */
  name: z.string(),
  kind,
  size: z.number().int(),
  version: z.number().int(),
  /** Name of whoever uploaded the current version, 20 characters. */
  uploader: z.string(),
  user_active_status: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  is_read: z.boolean(),
  folder_id: z.number().int().nullable(),
  topic_id: z.number().int().nullable(),
  is_in_bin: z.boolean(),
  /** A thumbnail of the current version can be fetched (images the server could decode). */
  has_thumbnail: z.boolean(),
});
export type FileRow = z.infer<typeof fileRow>;
export const fileListResponse = envelope(keysetPage(fileRow));

const person = z.object({ id: z.number().int().nullable(), name: z.string() });

export const fileDetail = fileRow.extend({
  memo: z.string(),
  mime: z.string(),
  folder: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), is_attach_folder: z.boolean() }),
  creator: person,
  updater: person,
  last_uploader: person,
  moved_to_bin_at: z.number().int().nullable(),
  /** When the bin deletes it by itself (group auto_delete_day); null outside the bin. */
  date_remove: z.number().int().nullable(),
  is_favor: z.boolean(),
  /** The browser may show it inline (image, video, PDF); HTML and SVG never are. */
  can_preview: z.boolean(),
  can_edit: z.boolean(),
  history_count: z.number().int(),
});
export type FileDetail = z.infer<typeof fileDetail>;
export const fileDetailResponse = envelope(fileDetail);
export const fileUploadResponse = envelope(z.array(fileDetail));

export const fileHistoryEntry = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  kind,
  uploaded_at: z.number().int(),
  updated_at: z.number().int(),
  creator: person,
  is_current: z.boolean(),
  /** Earlier versions can be restored; the current one cannot. */
  is_can_revert: z.boolean(),
});
export const fileHistoryResponse = envelope(
  z.object({
    data: z.array(fileHistoryEntry),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
);

export const fileCountResponse = envelope(
  z.object({
    all: z.number().int(),
    unread: z.number().int(),
    unclassified: z.number().int(),
    attachments: z.number().int(),
    in_bin: z.number().int(),
  }),
);
export const fileFavoriteResponse = envelope(z.object({ is_favor: z.boolean() }));
export const fileReadResponse = envelope(z.object({ is_read: z.boolean() }));
export const filesMovedResponse = envelope(z.object({ count: z.number().int() }));

export const fileFolder = z.object({ id: z.number().int(), name: z.string(), file_count: z.number().int() });
export const fileFoldersResponse = envelope(z.array(fileFolder));
export const fileFolderResponse = envelope(fileFolder);

const usage = z.object({
  capacity_bytes: z.number(),
  used_bytes: z.number(),
  percent: z.number(),
  /** At or over LIMITS.storageWarningPercent. */
  warning: z.boolean(),
  full: z.boolean(),
});
export type StorageUsage = z.infer<typeof usage>;
/** group is null for the common area, which counts against the company only. */
export const storageUsageResponse = envelope(z.object({ group: usage.nullable(), company: usage }));

/** Binary bodies (file, preview, thumbnail, zip). */
export const fileBinaryResponse = z.unknown();
