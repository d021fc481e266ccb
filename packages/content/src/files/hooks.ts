import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, ThumbnailDisplay, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { storedSort, useStoredSort, type ListSort } from '../kit/sort';
import { fileCalls, fileKeys, type FileScope } from './scope';

export type FileSort = ListSort;

/** A stored sort preference (settings.sort.group_shared_folder or …common_shared_folder) as list parameters. */
export function sortFromPreference(settings: Settings | undefined, scope: FileScope['kind'] = 'group'): FileSort {
  return storedSort(settings, scope === 'group' ? 'group_shared_folder' : 'common_shared_folder');
}

export function useStoredFileSort(scope: FileScope): FileSort {
  return useStoredSort(scope.kind === 'group' ? 'group_shared_folder' : 'common_shared_folder');
}

/** List page size from the user's display setting (section 9: setting_display.number_item_lists). */
export function useFilePageSize(): number {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return settings?.setting_display.number_item_lists ?? 10;
}

/** setting_display.display_image_video: whether lists and previews show pictures by themselves. */
export function useShowsImages(): boolean {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return (settings?.setting_display.display_image_video ?? ThumbnailDisplay.SHOW) === ThumbnailDisplay.SHOW;
}

export function useFileDetail(scope: FileScope, fileId: number) {
  return useQuery({ queryKey: fileKeys(scope).detail(fileId), queryFn: fileCalls(scope, fileId).detail });
}

export const HISTORY_PAGE_SIZE = 10;

export function useFileHistory(scope: FileScope, fileId: number, page: number) {
  const query = { page, limit: HISTORY_PAGE_SIZE };
  return useQuery({
    queryKey: fileKeys(scope).history(fileId, query),
    queryFn: () => fileCalls(scope, fileId).history(query),
    placeholderData: keepPreviousData,
  });
}

/** Storage use of the scope: the group and the company, or (common files) the company only. */
export function useFileStorage(scope: FileScope) {
  return useQuery({
    queryKey: fileKeys(scope).storage,
    queryFn: async () =>
      (scope.kind === 'group' ? await api.call('groupStorage', { params: { id: scope.groupId } }) : await api.call('commonStorage')).items,
  });
}

/**
 * Any file mutation; every file query of the scope (lists, counts, storage, details) is refreshed
 * afterwards, since moves, deletes and new versions change several of them at once.
 */
export function useFilesMutation<A, R>(scope: FileScope, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  const all = fileKeys(scope).all;
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
