import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allMyGroupsQuery, groupFoldersQuery, LIMITS, queryKeys, type GroupListItem } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';

/**
 * Server state of the home group list, the navbar group menu and the folder manager. Every list
 * of the caller's groups lives under ['groups', 'mine', …] and folders under ['groups',
 * 'folders'], so one invalidation of ['groups'] after a change refreshes all of them (and the
 * group pages, whose `membership.can_notify` a mute changes).
 */
export type { GroupListItem };

/**
 * Reads opt out of the shell's section-8 error modal: these lists sit in widgets and dialogs
 * that show their own inline error with a retry, and a modal per failed widget would be noise.
 */
const SILENT = { silent: true } as const;

export interface GroupListParams {
  page: number;
  limit: number;
  filter?: string;
}

/** The query of GET members/me/groups; an empty keyword is left out rather than sent as `filter=`. */
export function groupListQuery(page: number, filter: string, limit: number = LIMITS.groupListPageSize): GroupListParams {
  const keyword = filter.trim();
  return keyword ? { page, limit, filter: keyword } : { page, limit };
}

/** Page 1 of `all` as the server pages it (groups/search.ts paginate). */
function firstPage(all: GroupListItem[]) {
  const limit = LIMITS.groupListPageSize;
  return { data: all.slice(0, limit), current_page: 1, last_page: Math.max(1, Math.ceil(all.length / limit)), total: all.length };
}

/**
 * One page of the caller's groups (home list: 10 a page, spec section 9). The first page without
 * a keyword is cut from every group of the caller, the list home's calendar picker reads anyway:
 * one request and one unread recount per home view and per realtime refresh instead of two.
 * Later pages and searches ask the server for just that page.
 */
export function useMyGroupsPage(page: number, filter: string) {
  const query = groupListQuery(page, filter);
  const fromAll = page === 1 && query.filter === undefined;
  const all = useQuery({ ...allMyGroupsQuery(api), meta: SILENT, enabled: fromAll, select: firstPage });
  const paged = useQuery({
    queryKey: queryKeys.myGroups(query),
    queryFn: async () => (await api.call('myGroups', { query })).items,
    meta: SILENT,
    enabled: !fromAll,
    // Keep the previous page on screen while the next loads, so the list does not jump.
    placeholderData: (previous) => previous ?? all.data,
  });
  return fromAll ? all : paged;
}

/** The navbar menu: page 1 for a keyword, then each see-more appends the next page. */
export function useMyGroupsInfinite(filter: string) {
  const base = groupListQuery(1, filter);
  const { page: _first, ...keyParams } = base;
  return useInfiniteQuery({
    // Its own key: an infinite query's cache shape differs from a single page's.
    queryKey: [...queryKeys.myGroups(keyParams), 'infinite'] as const,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => (await api.call('myGroups', { query: { ...base, page: pageParam } })).items,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    // Dropped as soon as the menu stops showing it: a new search, or reopening the menu,
    // starts again from page 1 (spec section 4, group menu).
    gcTime: 0,
    meta: SILENT,
  });
}

/** Every group of the caller in display order (folder manager, display-order page). */
export function useAllMyGroups() {
  return useQuery({ ...allMyGroupsQuery(api), meta: SILENT });
}

export function useGroupFolders() {
  // Key and call shared with the shell, which asks for them on a start on home (routes/pageData.ts).
  return useQuery({ ...groupFoldersQuery(api), meta: SILENT });
}

export type GroupFolder = NonNullable<ReturnType<typeof useGroupFolders>['data']>[number];

function useGroupsMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useCreateFolder() {
  return useGroupsMutation((name: string) => api.call('createGroupFolder', { body: { name } }));
}

export function useRenameFolder() {
  return useGroupsMutation(({ id, name }: { id: number; name: string }) =>
    api.call('updateGroupFolder', { params: { id }, body: { name } }),
  );
}

export function useDeleteFolder() {
  return useGroupsMutation((id: number) => api.call('deleteGroupFolder', { params: { id } }));
}

export function useMoveGroupToFolder() {
  return useGroupsMutation(({ groupId, folderId }: { groupId: number; folderId: number | null }) =>
    api.call('moveGroupToFolder', { body: { group_id: groupId, folder_id: folderId } }),
  );
}

export function useGroupNotification() {
  return useGroupsMutation(({ groupId, canNotify }: { groupId: number; canNotify: boolean }) =>
    api.call('updateGroupNotification', { body: { group_id: groupId, can_notify: canNotify } }),
  );
}

/** A page's groups under their folder headers: folders in the user's folder order, then unfiled. */
export interface GroupSection {
  folder: { id: number; name: string } | null;
  groups: GroupListItem[];
}

export function sectionByFolder(groups: GroupListItem[], folderOrder: readonly { id: number }[] = []): GroupSection[] {
  const rank = new Map(folderOrder.map((f, i) => [f.id, i]));
  const sections = new Map<number | null, GroupSection>();
  for (const g of groups) {
    const key = g.folder?.id ?? null;
    let section = sections.get(key);
    if (!section) {
      section = { folder: g.folder, groups: [] };
      sections.set(key, section);
    }
    section.groups.push(g);
  }
  const order = (s: GroupSection) => (s.folder ? (rank.get(s.folder.id) ?? Number.MAX_SAFE_INTEGER - 1) : Number.MAX_SAFE_INTEGER);
  // Stable sort: groups keep the server's display order inside each section.
  return [...sections.values()].sort((a, b) => order(a) - order(b));
}
