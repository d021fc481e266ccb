import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import type { FileSort } from '@portal/content/files';

/**
 * The group-only file lists (folders, unclassified, attachments, bin). The screens shared with the
 * common shared folder, and their calls, are `@portal/content/files`.
 */

/** Which list the shared-folder page shows; a folder is `{ folderId }`. */
export type FileListKind = 'all' | 'unclassified' | 'bin' | 'attachments' | { folderId: number };

export interface FileListParams extends FileSort {
  page: number;
  limit: number;
  unreadOnly: boolean;
}

function listCall(groupId: number, kind: FileListKind, params: FileListParams) {
  const query = {
    page: params.page,
    limit: params.limit,
    orderBy: params.orderBy,
    sortedBy: params.sortedBy,
    ...(params.unreadOnly ? { unreadOnly: '1' as const } : {}),
  };
  const id = { id: groupId };
  if (typeof kind === 'object') return api.call('sharedFilesByFolder', { params: { ...id, folderId: kind.folderId }, query });
  if (kind === 'unclassified') return api.call('sharedFilesUnclassified', { params: id, query });
  if (kind === 'bin') return api.call('sharedFilesInBin', { params: id, query });
  if (kind === 'attachments') return api.call('sharedFilesAttached', { params: id, query });
  return api.call('sharedFiles', { params: id, query });
}

export function useFileList(groupId: number, kind: FileListKind, params: FileListParams) {
  return useQuery({
    queryKey: [...queryKeys.groupFileList(groupId, kind, params), params.page, params.unreadOnly],
    queryFn: async () => (await listCall(groupId, kind, params)).items,
    placeholderData: keepPreviousData,
  });
}

export function useFileCounts(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupFileCount(groupId),
    queryFn: async () => (await api.call('sharedFileCount', { params: { id: groupId } })).items,
  });
}

export function useFileFolders(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupFileFolders(groupId),
    queryFn: async () => (await api.call('fileFolders', { params: { id: groupId } })).items,
  });
}

/** A shared-folder folder as fileFolders returns it. */
export interface FileFolder {
  id: number;
  name: string;
  file_count: number;
}
