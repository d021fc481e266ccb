import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Settings, type TopicComment } from '@portal/api-client/core';
import { topicCalls, topicKeys, type CommentInput, type TopicScope } from './scope';

/** Comment page size from the user's display setting (section 9). */
export function useCommentPageSize(): number {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return settings?.setting_display.number_items_list_comment ?? 10;
}

export function useTopic(scope: TopicScope, topicId: number) {
  return useQuery({ queryKey: topicKeys(scope).detail(topicId), queryFn: topicCalls(scope, topicId).detail });
}

/** Like, favourite, read state: each answer is written straight into the cached detail. */
export function useTopicActions(scope: TopicScope, topicId: number) {
  const queryClient = useQueryClient();
  const keys = topicKeys(scope);
  const calls = topicCalls(scope, topicId);
  const key = keys.detail(topicId);
  const patch = (fields: object) => {
    queryClient.setQueryData(key, (old: object | undefined) => (old ? { ...old, ...fields } : old));
    // The feed shows read state; mark it stale without refetching the open page.
    void queryClient.invalidateQueries({ queryKey: keys.lists, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: keys.count, refetchType: 'none' });
  };
  return {
    like: useMutation({
      mutationFn: calls.like,
      // Likers are only known from a reload; the count and my state come back at once.
      onSuccess: (items) => {
        patch(items);
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      },
    }),
    favorite: useMutation({ mutationFn: calls.favorite, onSuccess: patch }),
    markUnread: useMutation({ mutationFn: calls.markUnread, onSuccess: patch }),
    markSeen: useMutation({ mutationFn: calls.markSeen, onSuccess: patch }),
  };
}

export interface CommentPageArgs {
  page: number;
  limit: number;
  /** Ask for the page holding this comment instead of `page`. */
  findId?: number | undefined;
}

export function useTopicComments(scope: TopicScope, topicId: number, args: CommentPageArgs) {
  const query = {
    sortedBy: 'asc' as const,
    limit: args.limit,
    page: args.page,
    ...(args.findId ? { find_page_by_comment_id: args.findId } : {}),
  };
  return useQuery({
    queryKey: [...topicKeys(scope).comments(topicId, { page: args.page, limit: args.limit, sortedBy: 'asc' }), args.findId ?? null],
    queryFn: () => topicCalls(scope, topicId).comments(query),
    placeholderData: keepPreviousData,
  });
}

type CommentPage = { data: TopicComment[] };

export function useCommentActions(scope: TopicScope, topicId: number) {
  const queryClient = useQueryClient();
  const keys = topicKeys(scope);
  const calls = topicCalls(scope, topicId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.detail(topicId) });
  return {
    add: useMutation({ mutationFn: (body: CommentInput) => calls.addComment(body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (commentId: number) => calls.deleteComment(commentId), onSuccess: refresh }),
    like: useMutation({
      mutationFn: (a: { commentId: number; isLike: boolean }) => calls.likeComment(a.commentId, a.isLike),
      // Patch the comment in every cached page of this topic: no refetch, no jump in the list.
      onSuccess: (items, { commentId }) => {
        const fix = (c: TopicComment): TopicComment =>
          c.id === commentId
            ? { ...c, ...items }
            : { ...c, comments: c.comments?.map((r) => (r.id === commentId ? { ...r, ...items } : r)) };
        queryClient.setQueriesData<CommentPage>({ queryKey: [...keys.detail(topicId), 'comments'] }, (old) =>
          old ? { ...old, data: old.data.map(fix) } : old,
        );
      },
    }),
  };
}
