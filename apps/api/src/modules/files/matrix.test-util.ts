import type { ContentRule, MatrixRequest } from '../../test/content-matrix';
import { G, M, multipart, PDF } from './fixtures.test-util';

/**
 * Every shared-folder call as the authorisation matrices send it. `file` is a shared file or a
 * topic attachment (then `binFile` is the same attachment: an attachment never reaches the bin);
 * `changes` marks the calls that change the file they name, which an attachment refuses.
 */
export interface FileCase<F> {
  name: string;
  rule: ContentRule;
  changes?: 'edit' | 'move';
  req: (fx: F) => MatrixRequest;
}

export interface Fx {
  g: number;
  file: number;
  binFile: number;
  folder: number;
  history: number;
}
export const form = (name = '新規.pdf') => multipart([{ name, data: PDF }]);

export const GROUP_CASES: FileCase<Fx>[] = [
  { name: 'fileFolders', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder/folders` }) },
  {
    name: 'createFileFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/share-folder/folders/create`, payload: { folder_name: '新' } }),
  },
  {
    name: 'renameFileFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/share-folder/folders/rename`, payload: { folder_id: fx.folder, folder_name: '改' } }),
  },
  {
    name: 'deleteFileFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/share-folder/folders/delete`, payload: { folder_id: fx.folder } }),
  },
  { name: 'sharedFiles', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder` }) },
  { name: 'sharedFilesTop', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-top` }) },
  { name: 'sharedFilesUnclassified', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-unclassified-file` }) },
  { name: 'sharedFilesInBin', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file-in-bin` }) },
  { name: 'sharedFilesAttached', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-attach-file` }) },
  {
    name: 'sharedFilesByFolder',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file-by-folder/${fx.folder}` }),
  },
  { name: 'sharedFileCount', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/count-share-folder` }) },
  { name: 'groupStorage', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-storage` }) },
  { name: 'sharedFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}` }) },
  { name: 'isFavoriteFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/is-favorite-file/${fx.file}` }) },
  { name: 'fileHistory', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-history-file/${fx.file}` }) },
  { name: 'uploadFiles', rule: 'write', req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/share-folder-upload-file`, ...form() }) },
  {
    name: 'overwriteFile',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/overwrite-file/${fx.file}`, ...form() }),
  },
  {
    name: 'updateFileInfo',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/update-info-file/${fx.file}`, payload: { title: '題', memo: 'メモ' } }),
  },
  {
    name: 'moveFilesToUnclassified',
    rule: 'write',
    changes: 'move',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/move-file-to-unclassified`, payload: { file_ids: [fx.binFile] } }),
  },
  {
    name: 'moveFilesToFolder',
    rule: 'write',
    changes: 'move',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/move-file-to-other-folder`, payload: { file_ids: [fx.file], folder_id: fx.folder } }),
  },
  {
    name: 'deleteFiles (to bin)',
    rule: 'write',
    changes: 'move',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/delete-file`, payload: { file_ids: [fx.file] } }),
  },
  {
    name: 'deleteFiles (for good)',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/delete-file`, payload: { file_ids: [fx.binFile], delete_mode: 2 } }),
  },
  { name: 'emptyFileBin', rule: 'admin', req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/empty-share-folder-bin`, payload: {} }) },
  {
    name: 'favoriteFile',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/mark-favorite-file/${fx.file}`, payload: { is_favor: true } }),
  },
  { name: 'markFileRead', rule: 'read', req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/mark-read-file/${fx.file}` }) },
  {
    name: 'revertFile',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/revert-file/${fx.file}/from-history/${fx.history}` }),
  },
  {
    name: 'deleteFileHistory',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/delete-file-history/${fx.history}`, payload: { file_id: fx.file } }),
  },
  { name: 'downloadFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}/download` }) },
  {
    name: 'downloadFile (history)',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}/download?history_id=${fx.history}` }),
  },
  { name: 'previewFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}/preview` }) },
  {
    name: 'fileThumbnail (not an image)',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}/thumbnail` }),
  },
  {
    name: 'downloadFiles',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/download-files`, payload: { file_ids: [fx.file, fx.binFile] } }),
  },
];

export interface CommonFx {
  file: number;
  history: number;
}

export const COMMON_CASES: FileCase<CommonFx>[] = [
  { name: 'commonFiles', rule: 'read', req: () => ({ method: 'GET', url: `${M}/common-share-folder` }) },
  { name: 'commonStorage', rule: 'read', req: () => ({ method: 'GET', url: `${M}/common-share-folder-storage` }) },
  { name: 'commonFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-file/${fx.file}` }) },
  { name: 'commonFileHistory', rule: 'read', req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-history-file/${fx.file}` }) },
  { name: 'isFavoriteCommonFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${M}/is-favorite-common-file/${fx.file}` }) },
  { name: 'markReadCommonFile', rule: 'read', req: (fx) => ({ method: 'POST', url: `${M}/mark-read-common-file/${fx.file}` }) },
  {
    name: 'favoriteCommonFile',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${M}/mark-favorite-common-file/${fx.file}`, payload: { is_favor: true } }),
  },
  { name: 'uploadCommonFiles', rule: 'write', req: () => ({ method: 'POST', url: `${M}/common-share-folder-upload-file`, ...form() }) },
  {
    name: 'overwriteCommonFile',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${M}/overwrite-common-file/${fx.file}`, ...form() }),
  },
  {
    name: 'updateCommonFileInfo',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${M}/update-info-common-file/${fx.file}`, payload: { title: '題', memo: 'メモ' } }),
  },
  {
    name: 'deleteCommonFiles',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${M}/delete-common-file`, payload: { file_ids: [fx.file] } }),
  },
  {
    name: 'revertCommonFile',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${M}/revert-common-file/${fx.file}/from-history/${fx.history}` }),
  },
  {
    name: 'deleteCommonFileHistory',
    rule: 'write',
    changes: 'edit',
    req: (fx) => ({ method: 'POST', url: `${M}/delete-common-file-history/${fx.history}`, payload: { file_id: fx.file } }),
  },
  { name: 'downloadCommonFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-file/${fx.file}/download` }) },
  {
    name: 'downloadCommonFile (history)',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-file/${fx.file}/download?history_id=${fx.history}` }),
  },
  { name: 'previewCommonFile', rule: 'read', req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-file/${fx.file}/preview` }) },
  {
    name: 'commonFileThumbnail (not an image)',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${M}/common-share-folder-file/${fx.file}/thumbnail` }),
  },
  {
    name: 'downloadCommonFiles',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${M}/common-share-folder/download-files`, payload: { file_ids: [fx.file] } }),
  },
];
