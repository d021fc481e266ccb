import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as f from '../schemas/files';

const G = '/members/me/groups/:id';
const M = '/members/me';
const tags = ['files'];
const commonTags = ['common-files'];

/**
 * Group shared folder (spec section 7). File folders live under share-folder/folders because
 * folder/get-all-folder/:type is already the topic engine's route.
 */
export const groupFileEndpoints = {
  fileFolders: endpoint({
    method: 'GET', path: `${G}/share-folder/folders`, auth: true, params: f.groupFilesParam,
    response: f.fileFoldersResponse, summary: 'Shared-folder folders with their file counts', tags,
  }),
  createFileFolder: endpoint({
    method: 'POST', path: `${G}/share-folder/folders/create`, auth: true, params: f.groupFilesParam, body: f.createFileFolderBody,
    response: f.fileFolderResponse, summary: 'Create a shared-folder folder (role_edit_shared_folder)', tags,
  }),
  renameFileFolder: endpoint({
    method: 'POST', path: `${G}/share-folder/folders/rename`, auth: true, params: f.groupFilesParam, body: f.renameFileFolderBody,
    response: f.fileFolderResponse, summary: 'Rename a shared-folder folder (role_edit_shared_folder)', tags,
  }),
  deleteFileFolder: endpoint({
    method: 'POST', path: `${G}/share-folder/folders/delete`, auth: true, params: f.groupFilesParam, body: f.deleteFileFolderBody,
    response: okSchema, summary: 'Delete a folder; its files become unclassified (role_edit_shared_folder)', tags,
  }),
  sharedFiles: endpoint({
    method: 'GET', path: `${G}/share-folder`, auth: true, params: f.groupFilesParam, query: f.fileListQuery,
    response: f.fileListResponse, summary: 'Every file not in the bin (keyset pages)', tags,
  }),
  sharedFilesTop: endpoint({
    method: 'GET', path: `${G}/share-folder-top`, auth: true, params: f.groupFilesParam, query: f.fileListQuery,
    response: f.fileListResponse, summary: 'Newest files for the group top page', tags,
  }),
  sharedFilesUnclassified: endpoint({
    method: 'GET', path: `${G}/share-folder-unclassified-file`, auth: true, params: f.groupFilesParam, query: f.fileListQuery,
    response: f.fileListResponse, summary: 'Files in no folder (attachments excluded)', tags,
  }),
  sharedFilesInBin: endpoint({
    method: 'GET', path: `${G}/share-folder-file-in-bin`, auth: true, params: f.groupFilesParam, query: f.fileListQuery,
    response: f.fileListResponse, summary: 'Files in the bin', tags,
  }),
  sharedFilesAttached: endpoint({
    method: 'GET', path: `${G}/share-folder-attach-file`, auth: true, params: f.groupFilesParam, query: f.fileListQuery,
    response: f.fileListResponse, summary: 'Topic attachments (the attachment folder)', tags,
  }),
  sharedFilesByFolder: endpoint({
    method: 'GET', path: `${G}/share-folder-file-by-folder/:folderId`, auth: true, params: f.groupFileFolderParam,
    query: f.fileListQuery, response: f.fileListResponse, summary: 'Files in one folder', tags,
  }),
  sharedFileCount: endpoint({
    method: 'GET', path: `${G}/count-share-folder`, auth: true, params: f.groupFilesParam,
    response: f.fileCountResponse, summary: 'File counts for the shared-folder tabs', tags,
  }),
  groupStorage: endpoint({
    method: 'GET', path: `${G}/share-folder-storage`, auth: true, params: f.groupFilesParam,
    response: f.storageUsageResponse, summary: 'Group and company capacity, usage and warnings', tags,
  }),
  sharedFile: endpoint({
    method: 'GET', path: `${G}/share-folder-file/:fileId`, auth: true, params: f.groupFileParam,
    response: f.fileDetailResponse, summary: 'One file: metadata, folder, favourite and read state', tags,
  }),
  isFavoriteFile: endpoint({
    method: 'GET', path: `${G}/is-favorite-file/:fileId`, auth: true, params: f.groupFileParam,
    response: f.fileFavoriteResponse, summary: 'Is the file one of the caller’s favourites', tags,
  }),
  fileHistory: endpoint({
    method: 'GET', path: `${G}/share-folder-history-file/:fileId`, auth: true, params: f.groupFileParam,
    query: f.historyQuery, response: f.fileHistoryResponse, summary: 'Versions of a file, newest first, paged', tags,
  }),
  uploadFiles: endpoint({
    method: 'POST', path: `${G}/share-folder-upload-file`, auth: true, params: f.groupFilesParam, response: f.fileUploadResponse,
    summary: 'Upload up to 30 files (role_edit_shared_folder; multipart: file…, title, memo, folder_id)', tags,
  }),
  overwriteFile: endpoint({
    method: 'POST', path: `${G}/overwrite-file/:fileId`, auth: true, params: f.groupFileParam, response: f.fileDetailResponse,
    summary: 'Upload a new version (role_edit_shared_folder; multipart: one file)', tags,
  }),
  updateFileInfo: endpoint({
    method: 'POST', path: `${G}/update-info-file/:fileId`, auth: true, params: f.groupFileParam, body: f.updateFileInfoBody,
    response: f.fileDetailResponse, summary: 'Edit title and memo (role_edit_shared_folder)', tags,
  }),
  moveFilesToUnclassified: endpoint({
    method: 'POST', path: `${G}/move-file-to-unclassified`, auth: true, params: f.groupFilesParam, body: f.fileIdsBody,
    response: f.filesMovedResponse, summary: 'Take files out of their folder or the bin (role_edit_shared_folder)', tags,
  }),
  moveFilesToFolder: endpoint({
    method: 'POST', path: `${G}/move-file-to-other-folder`, auth: true, params: f.groupFilesParam, body: f.moveFilesToFolderBody,
    response: f.filesMovedResponse, summary: 'Move files into a folder (role_edit_shared_folder)', tags,
  }),
  deleteFiles: endpoint({
    method: 'POST', path: `${G}/delete-file`, auth: true, params: f.groupFilesParam, body: f.deleteFilesBody,
    response: f.filesMovedResponse, summary: 'Move files to the bin, or delete binned files (role_edit_shared_folder)', tags,
  }),
  emptyFileBin: endpoint({
    method: 'POST', path: `${G}/empty-share-folder-bin`, auth: true, params: f.groupFilesParam, body: f.emptyFileBinBody,
    response: f.filesMovedResponse, summary: 'Empty the shared-folder bin (role_admin)', tags,
  }),
  favoriteFile: endpoint({
    method: 'POST', path: `${G}/mark-favorite-file/:fileId`, auth: true, params: f.groupFileParam, body: f.favoriteFileBody,
    response: f.fileFavoriteResponse, summary: 'Set or clear a favourite', tags,
  }),
  markFileRead: endpoint({
    method: 'POST', path: `${G}/mark-read-file/:fileId`, auth: true, params: f.groupFileParam,
    response: f.fileReadResponse, summary: 'Mark a file read', tags,
  }),
  revertFile: endpoint({
    method: 'POST', path: `${G}/revert-file/:fileId/from-history/:historyId`, auth: true, params: f.groupFileHistoryParam,
    response: f.fileDetailResponse, summary: 'Make an earlier version current (role_edit_shared_folder)', tags,
  }),
  deleteFileHistory: endpoint({
    method: 'POST', path: `${G}/delete-file-history/:historyId`, auth: true, params: f.groupHistoryParam, body: f.deleteHistoryBody,
    response: okSchema, summary: 'Delete an earlier version (role_edit_shared_folder)', tags,
  }),
  downloadFile: endpoint({
    method: 'GET', path: `${G}/share-folder-file/:fileId/download`, auth: true, params: f.groupFileParam, query: f.downloadQuery,
    response: f.fileBinaryResponse, summary: 'Download a file or a history entry (binary, attachment)', tags,
  }),
  previewFile: endpoint({
    method: 'GET', path: `${G}/share-folder-file/:fileId/preview`, auth: true, params: f.groupFileParam,
    response: f.fileBinaryResponse, summary: 'Inline preview of an image, video or PDF (binary)', tags,
  }),
  fileThumbnail: endpoint({
    method: 'GET', path: `${G}/share-folder-file/:fileId/thumbnail`, auth: true, params: f.groupFileParam,
    response: f.fileBinaryResponse, summary: 'Thumbnail of an image file (binary; 404 for other kinds)', tags,
  }),
  downloadFiles: endpoint({
    method: 'POST', path: `${G}/download-files`, auth: true, params: f.groupFilesParam, body: f.downloadFilesBody,
    response: f.fileBinaryResponse, summary: 'Several files as one zip, streamed (at most 500 MB)', tags,
  }),
};

/** Common (company-wide) shared files on the same engine: company members read, common_topic_role writes. */
export const commonFileEndpoints = {
  commonFiles: endpoint({
    method: 'GET', path: `${M}/common-share-folder`, auth: true, query: f.fileListQuery, response: f.fileListResponse,
    summary: 'Common shared files', tags: commonTags,
  }),
  commonStorage: endpoint({
    method: 'GET', path: `${M}/common-share-folder-storage`, auth: true, response: f.storageUsageResponse,
    summary: 'Company capacity, usage and warnings', tags: commonTags,
  }),
  commonFile: endpoint({
    method: 'GET', path: `${M}/common-share-folder-file/:fileId`, auth: true, params: f.commonFileParam,
    response: f.fileDetailResponse, summary: 'One common file', tags: commonTags,
  }),
  commonFileHistory: endpoint({
    method: 'GET', path: `${M}/common-share-folder-history-file/:fileId`, auth: true, params: f.commonFileParam,
    query: f.historyQuery, response: f.fileHistoryResponse, summary: 'Versions of a common file, paged', tags: commonTags,
  }),
  isFavoriteCommonFile: endpoint({
    method: 'GET', path: `${M}/is-favorite-common-file/:fileId`, auth: true, params: f.commonFileParam,
    response: f.fileFavoriteResponse, summary: 'Is the common file a favourite', tags: commonTags,
  }),
  markReadCommonFile: endpoint({
    method: 'POST', path: `${M}/mark-read-common-file/:fileId`, auth: true, params: f.commonFileParam,
    response: f.fileReadResponse, summary: 'Mark a common file read', tags: commonTags,
  }),
  favoriteCommonFile: endpoint({
    method: 'POST', path: `${M}/mark-favorite-common-file/:fileId`, auth: true, params: f.commonFileParam,
    body: f.favoriteFileBody, response: f.fileFavoriteResponse, summary: 'Set or clear a favourite', tags: commonTags,
  }),
  uploadCommonFiles: endpoint({
    method: 'POST', path: `${M}/common-share-folder-upload-file`, auth: true, response: f.fileUploadResponse,
    summary: 'Upload common files (common_topic_role; multipart as for groups)', tags: commonTags,
  }),
  overwriteCommonFile: endpoint({
    method: 'POST', path: `${M}/overwrite-common-file/:fileId`, auth: true, params: f.commonFileParam,
    response: f.fileDetailResponse, summary: 'New version of a common file (common_topic_role)', tags: commonTags,
  }),
  updateCommonFileInfo: endpoint({
    method: 'POST', path: `${M}/update-info-common-file/:fileId`, auth: true, params: f.commonFileParam,
    body: f.updateFileInfoBody, response: f.fileDetailResponse, summary: 'Edit title and memo (common_topic_role)', tags: commonTags,
  }),
  deleteCommonFiles: endpoint({
    method: 'POST', path: `${M}/delete-common-file`, auth: true, body: f.deleteCommonFilesBody,
    response: f.filesMovedResponse, summary: 'Delete common files for good (common_topic_role)', tags: commonTags,
  }),
  revertCommonFile: endpoint({
    method: 'POST', path: `${M}/revert-common-file/:fileId/from-history/:historyId`, auth: true,
    params: f.commonFileHistoryParam, response: f.fileDetailResponse, summary: 'Restore an earlier version', tags: commonTags,
  }),
  deleteCommonFileHistory: endpoint({
    method: 'POST', path: `${M}/delete-common-file-history/:historyId`, auth: true, params: f.commonHistoryParam,
    body: f.deleteHistoryBody, response: okSchema, summary: 'Delete an earlier version', tags: commonTags,
  }),
  downloadCommonFile: endpoint({
    method: 'GET', path: `${M}/common-share-folder-file/:fileId/download`, auth: true, params: f.commonFileParam,
    query: f.downloadQuery, response: f.fileBinaryResponse, summary: 'Download a common file (binary)', tags: commonTags,
  }),
  previewCommonFile: endpoint({
    method: 'GET', path: `${M}/common-share-folder-file/:fileId/preview`, auth: true, params: f.commonFileParam,
    response: f.fileBinaryResponse, summary: 'Inline preview of a common image, video or PDF', tags: commonTags,
  }),
  commonFileThumbnail: endpoint({
    method: 'GET', path: `${M}/common-share-folder-file/:fileId/thumbnail`, auth: true, params: f.commonFileParam,
    response: f.fileBinaryResponse, summary: 'Thumbnail of a common image file', tags: commonTags,
  }),
  downloadCommonFiles: endpoint({
    method: 'POST', path: `${M}/download-files`, auth: true, body: f.downloadFilesBody,
    response: f.fileBinaryResponse, summary: 'Several common files as one zip, streamed', tags: commonTags,
  }),
  /** The earlier path of downloadCommonFiles, kept for one release. */
  downloadCommonFilesAlias: endpoint({
    method: 'POST', path: `${M}/common-share-folder/download-files`, auth: true, body: f.downloadFilesBody,
    response: f.fileBinaryResponse, summary: 'Alias of POST members/me/download-files (kept for one release)', tags: commonTags,
  }),
};

export const fileEndpoints = { ...groupFileEndpoints, ...commonFileEndpoints };
