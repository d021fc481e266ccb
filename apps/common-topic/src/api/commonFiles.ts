import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { COMMON_FILE_SCOPE, useFilesMutation, type FileSort } from '@portal/content/files';

export interface CommonFileListParams extends FileSort {
  page: number;
  limit: number;
  unreadOnly: boolean;
}

/** One numbered page of the common shared folder. */
export function useCommonFileList(p: CommonFileListParams) {
  const query = {
    page: p.page,
    limit: p.limit,
    orderBy: p.orderBy,
    sortedBy: p.sortedBy,
    ...(p.unreadOnly ? { unread_only: '1' as const } : {}),
  };
  return useQuery({
    queryKey: [...queryKeys.commonFileList({ unreadOnly: p.unreadOnly, orderBy: p.orderBy, sortedBy: p.sortedBy, limit: p.limit }), p.page],
    queryFn: async () => (await api.call('commonFiles', { query })).items,
    placeholderData: keepPreviousData,
  });
}

/** Common files have no bin: this deletes them for good (common_topic_role). */
export function useDeleteCommonFiles() {
  return useFilesMutation(COMMON_FILE_SCOPE, (fileIds: number[]) => api.call('deleteCommonFiles', { body: { file_ids: fileIds } }));
}
