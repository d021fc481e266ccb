import { API_PREFIX, queryKeys, type FileDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * Whose files: a group's shared folder, or the company's common shared folder. Both run on one
 * file engine with the same shapes; only the endpoints, paths and cache keys differ, and this is
 * the one place that knows how.
 */
export type FileScope = { kind: 'group'; groupId: number } | { kind: 'common' };

export const groupFileScope = (groupId: number): FileScope => ({ kind: 'group', groupId });
export const COMMON_FILE_SCOPE: FileScope = { kind: 'common' };

/** Stable string for effect dependencies (a scope object is rebuilt on every render). */
export const fileScopeId = (scope: FileScope) => (scope.kind === 'group' ? `g${scope.groupId}` : 'common');

/** Cache keys: every file query of a scope lives under `all`, so one invalidation covers them. */
export function fileKeys(scope: FileScope) {
  if (scope.kind === 'group') {
    const g = scope.groupId;
    return {
      all: queryKeys.groupFiles(g) as readonly unknown[],
      storage: queryKeys.groupStorage(g) as readonly unknown[],
      detail: (fileId: number) => queryKeys.groupFile(g, fileId) as readonly unknown[],
      history: (fileId: number, p: { page: number; limit: number }) => queryKeys.groupFileHistory(g, fileId, p) as readonly unknown[],
    };
  }
  return {
    all: queryKeys.commonFiles() as readonly unknown[],
    storage: queryKeys.commonStorage() as readonly unknown[],
    detail: (fileId: number) => queryKeys.commonFile(fileId) as readonly unknown[],
    history: (fileId: number, p: { page: number; limit: number }) => queryKeys.commonFileHistory(fileId, p) as readonly unknown[],
  };
}

export interface HistoryQuery {
  page: number;
  limit: number;
}

/** The calls on one file, routed to the group or the common endpoints. */
export function fileCalls(scope: FileScope, fileId: number) {
  if (scope.kind === 'group') {
    const params = { id: scope.groupId, fileId };
    return {
      detail: async () => (await api.call('sharedFile', { params })).items,
      history: async (query: HistoryQuery) => (await api.call('fileHistory', { params, query })).items,
      favorite: (is_favor: boolean) => api.call('favoriteFile', { params, body: { is_favor } }),
      markRead: () => api.call('markFileRead', { params }),
      updateInfo: (body: { title: string; memo: string }) => api.call('updateFileInfo', { params, body }),
      revert: (historyId: number) => api.call('revertFile', { params: { ...params, historyId } }),
      deleteHistory: (historyId: number) =>
        api.call('deleteFileHistory', { params: { id: scope.groupId, historyId }, body: { file_id: fileId } }),
    };
  }
  const params = { fileId };
  return {
    detail: async () => (await api.call('commonFile', { params })).items,
    history: async (query: HistoryQuery) => (await api.call('commonFileHistory', { params, query })).items,
    favorite: (is_favor: boolean) => api.call('favoriteCommonFile', { params, body: { is_favor } }),
    markRead: () => api.call('markReadCommonFile', { params }),
    updateInfo: (body: { title: string; memo: string }) => api.call('updateCommonFileInfo', { params, body }),
    revert: (historyId: number) => api.call('revertCommonFile', { params: { fileId, historyId } }),
    deleteHistory: (historyId: number) => api.call('deleteCommonFileHistory', { params: { historyId }, body: { file_id: fileId } }),
  };
}

/**
 * Paths of the binary calls, relative to the API prefix (read with `api.request`), and the full
 * URLs of the multipart posts (sent through XMLHttpRequest for progress).
 */
export function filePaths(scope: FileScope) {
  const base = scope.kind === 'group' ? `/members/me/groups/${scope.groupId}/share-folder-file` : '/members/me/common-share-folder-file';
  return {
    download: (fileId: number, historyId?: number) => `${base}/${fileId}/download${historyId ? `?history_id=${historyId}` : ''}`,
    preview: (fileId: number) => `${base}/${fileId}/preview`,
    /**
     * The version is for caches only (the API ignores it): an overwrite or restore is a new
     * picture under the same file id, so it must not be served from the old one's cache entry.
     */
    thumbnail: (file: Pick<FileDetail, 'id' | 'version'>) => `${base}/${file.id}/thumbnail?v=${file.version}`,
    zip: scope.kind === 'group' ? `/members/me/groups/${scope.groupId}/download-files` : '/members/me/download-files',
    upload:
      scope.kind === 'group'
        ? `${API_PREFIX}/members/me/groups/${scope.groupId}/share-folder-upload-file`
        : `${API_PREFIX}/members/me/common-share-folder-upload-file`,
    overwrite: (fileId: number) =>
      scope.kind === 'group'
        ? `${API_PREFIX}/members/me/groups/${scope.groupId}/overwrite-file/${fileId}`
        : `${API_PREFIX}/members/me/overwrite-common-file/${fileId}`,
  };
}
