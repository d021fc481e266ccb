import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Settings, type TopicDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { topicCountQuery, topicFeedQuery, topicFoldersQuery, type FeedList } from '@portal/api-client/page-queries';
import type { ListSort } from '@portal/content/kit';
import { saveTopic, type TopicUpload } from '@portal/content/topics';
import type { TopicBody } from '@portal/content/topic-editor';

export type { FeedList };
export type FeedSort = ListSort;

/**
 * Whether the feed starts grouped by folder ("by category") rather than newest first. The stored
 * flag is settings.sort.toppage_sort_new: 1 sorts by new (the section-9 default), 0 by category.
 */
export function useStoredByCategory(): boolean {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return settings?.sort.toppage_sort_new === 0;
}

/** One feed list, paged by the server's keyset cursor ("see more" appends the next page); `title` narrows it. */
export function useTopicFeed(groupId: number, list: FeedList, unreadOnly: boolean, sort: FeedSort, title = '') {
  return useInfiniteQuery(topicFeedQuery(api, groupId, list, unreadOnly, sort, title));
}

export function useTopicCount(groupId: number) {
  return useQuery(topicCountQuery(api, groupId));
}

export function useTopicFolders(groupId: number) {
  return useQuery(topicFoldersQuery(api, groupId));
}

/** A feed-changing mutation: afterwards every list, count and folder of the group reloads. */
function useFeedMutation<A, R>(groupId: number, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groupTopics(groupId) }),
  });
}

export function useFeedActions(groupId: number) {
  const params = { id: groupId };
  return {
    createFolder: useFeedMutation(groupId, (name: string) =>
      api.call('createTopicFolder', { params, body: { type: 1, folder_name: name } }),
    ),
    renameFolder: useFeedMutation(groupId, (a: { folderId: number; name: string }) =>
      api.call('renameTopicFolder', { params, body: { folder_id: a.folderId, folder_name: a.name } }),
    ),
    deleteFolder: useFeedMutation(groupId, (folderId: number) => api.call('deleteTopicFolder', { params, body: { folder_id: folderId } })),
    moveToFolder: useFeedMutation(groupId, (a: { ids: number[]; folderId: number }) =>
      api.call('moveTopicsToFolder', { params, body: { topic_ids: a.ids, folder_id: a.folderId } }),
    ),
    moveToUnclassified: useFeedMutation(groupId, (ids: number[]) =>
      api.call('moveTopicsToUnclassified', { params, body: { topic_ids: ids } }),
    ),
    moveToBin: useFeedMutation(groupId, (ids: number[]) => api.call('moveTopicsToBin', { params, body: { topic_ids: ids } })),
    deleteInBin: useFeedMutation(groupId, (ids: number[]) => api.call('deleteTopicsInBin', { params, body: { topic_ids: ids } })),
    emptyBin: useFeedMutation(groupId, () => api.call('emptyTopicsBin', { params, body: { group_id: groupId } })),
  };
}

export interface TopicFolder {
  id: number;
  name: string;
  topic_count: number;
}

/** A save's fields plus the new attachments (sent as multipart with upload progress when any). */
type SaveArgs<B> = { body: B } & Partial<TopicUpload>;
const uploadOf = (a: Partial<TopicUpload>): TopicUpload => ({ files: a.files ?? [], onProgress: a.onProgress });

/** new-topic / update-topic; the answer (the saved detail) primes the detail page's cache. */
export function useSaveTopic(groupId: number) {
  const queryClient = useQueryClient();
  const done = async ({ items }: { items: TopicDetail }) => {
    queryClient.setQueryData(queryKeys.groupTopic(groupId, items.id), items);
    await queryClient.invalidateQueries({ queryKey: queryKeys.groupTopics(groupId), predicate: (q) => q.queryKey[3] !== 'detail' });
  };
  return {
    create: useMutation({
      mutationFn: (a: SaveArgs<TopicBody & { folder_id: number | null }>) =>
        saveTopic('newTopic', { params: { id: groupId }, body: a.body }, uploadOf(a)),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: (a: SaveArgs<TopicBody> & { topicId: number; lockToken: string }) =>
        saveTopic(
          'updateTopic',
          { params: { id: groupId, topicId: a.topicId }, body: { ...a.body, lock_token: a.lockToken } },
          uploadOf(a),
        ),
      onSuccess: done,
    }),
  };
}
