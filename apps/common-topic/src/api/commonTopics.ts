import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commonTopicUnreadCountQuery, queryKeys, type NewCommonTopicBody, type TopicDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import type { ListSort } from '@portal/content/kit';
import { saveTopic, type TopicUpload } from '@portal/content/topics';

/** The common feed, paged by the server's keyset cursor; `title` narrows by title. */
export function useCommonFeed(unreadOnly: boolean, listSort: ListSort, title: string) {
  // The common list names its order parameters in snake case.
  const sort = { order_by: listSort.orderBy, sorted_by: listSort.sortedBy };
  const key = { ...sort, ...(unreadOnly ? { unread_only: true } : {}), ...(title ? { title } : {}) };
  return useInfiniteQuery({
    queryKey: queryKeys.commonTopicList(key),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = {
        ...sort,
        ...(unreadOnly ? { unread_only: '1' as const } : {}),
        ...(title ? { title } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return (await api.call('commonTopics', { query })).items;
    },
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : null),
  });
}

export function useCommonUnreadCount() {
  return useQuery(commonTopicUnreadCountQuery(api));
}

/** The logged-in user (the shell caches it at login): common_topic_role decides who writes. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me(), queryFn: async () => (await api.call('me')).items });
}

/** Groups a common topic can be sent to. */
export function useDestinationGroups() {
  return useQuery({
    queryKey: ['common-topics', 'destination-groups'],
    queryFn: async () => (await api.call('groupTags', { query: {} })).items,
  });
}

/** After any write every common list, count and detail reloads. */
function useCommonMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.commonTopics() }) });
}

export function useMarkAllRead() {
  return useCommonMutation(() => api.call('commonMarkReadAll'));
}

export function useDeleteCommonTopic() {
  return useCommonMutation((topicId: number) => api.call('deleteCommonTopic', { params: { topicId } }));
}

/** A save's fields plus the new attachments (sent as multipart with upload progress when any). */
type SaveArgs = { body: NewCommonTopicBody & { deleted_attach_file?: number[] } } & Partial<TopicUpload>;
const uploadOf = (a: Partial<TopicUpload>): TopicUpload => ({ files: a.files ?? [], onProgress: a.onProgress });

/** create / update; the saved detail primes the detail page's cache. */
export function useSaveCommonTopic() {
  const queryClient = useQueryClient();
  const done = async ({ items }: { items: TopicDetail }) => {
    queryClient.setQueryData(queryKeys.commonTopic(items.id), items);
    await queryClient.invalidateQueries({ queryKey: queryKeys.commonTopics(), predicate: (q) => q.queryKey[1] !== 'detail' });
  };
  return {
    create: useMutation({ mutationFn: (a: SaveArgs) => saveTopic('createCommonTopic', { body: a.body }, uploadOf(a)), onSuccess: done }),
    update: useMutation({
      mutationFn: (a: SaveArgs & { topicId: number; lockToken: string }) =>
        saveTopic('updateCommonTopic', { params: { topicId: a.topicId }, body: { ...a.body, lock_token: a.lockToken } }, uploadOf(a)),
      onSuccess: done,
    }),
  };
}
