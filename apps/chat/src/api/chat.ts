import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { allMyGroupsQuery, chatQueryKeys, queryKeys, type GroupChat, type Me, type Settings } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { CHAT_LIST_LIMIT, chatListQuery } from '@portal/api-client/page-queries';

/** Every chat query: list, counts, details, messages, gallery. */
export const invalidateChats = (qc: QueryClient) => qc.invalidateQueries({ queryKey: chatQueryKeys.all() });

export function useMe() {
  return useQuery({ queryKey: queryKeys.me(), queryFn: async () => (await api.call('me')).items as Me, staleTime: 60_000 });
}

export function useSettings() {
  return useQuery({
    queryKey: queryKeys.settings(),
    queryFn: async () => (await api.call('settings')).items as Settings,
    staleTime: 60_000,
  });
}

export { CHAT_LIST_LIMIT };

/** The caller's chats: favourites first, then the newest activity (spec section 7); more pages on scroll. */
export function useChatList() {
  return useInfiniteQuery(chatListQuery(api));
}

export function useChat(chatId: number) {
  return useQuery({
    queryKey: chatQueryKeys.detail(chatId),
    queryFn: async () => (await api.call('chatShow', { params: { id: chatId } })).items,
    retry: false,
  });
}

function useChatMutation<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateChats(qc) });
}

export const useReadAll = () => useChatMutation(() => api.call('readAllChats'));
export const useMarkRead = () => useChatMutation((chatId: number) => api.call('markChatRead', { body: { group_chat_id: chatId } }));
export const useFavorite = () =>
  useChatMutation(({ chatId, favorite }: { chatId: number; favorite: boolean }) =>
    api.call('favoriteChat', { params: { id: chatId }, body: { favorite } }),
  );
export const useLeave = () => useChatMutation((chatId: number) => api.call('leaveChat', { body: { group_chat_id: chatId } }));
/** group-chat/destroy{suffix}: the maker of a group chat deletes it for everyone. */
export const useDestroy = () => useChatMutation((chatId: number) => api.call('destroyChat', { params: { id: chatId } }));
export const useRename = () =>
  useChatMutation(({ chatId, name }: { chatId: number; name: string }) =>
    api.call('renameChat', { params: { id: chatId }, body: { name } }),
  );
export const useInvite = () =>
  useChatMutation(({ chatId, userIds }: { chatId: number; userIds: number[] }) =>
    api.call('inviteToChat', { body: { group_chat_id: chatId, user_ids: userIds } }),
  );
export const useLike = () =>
  useChatMutation(({ chatId, messageId, like }: { chatId: number; messageId: number; like: boolean }) =>
    api.call('likeMessage', { params: { id: chatId, messageId }, body: { is_like: like } }),
  );
export const useDeleteMessage = () =>
  useChatMutation(({ chatId, messageId }: { chatId: number; messageId: number }) =>
    api.call('deleteMessage', { params: { id: chatId, messageId } }),
  );

/**
 * Spec section 4: one chosen person → an existing one-to-one chat is reopened with its original
 * members (check, then revert) or a new one made; two or more → a group chat.
 */
export function useCreateChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, userIds, name }: { groupId: number; userIds: number[]; name?: string }) => {
      if (userIds.length === 1) {
        const found = (await api.call('checkChatExist', { query: { user_ids: String(userIds[0]) } })).items;
        if (found.is_existed && found.group_chat) {
          await api.call('revertOriginMember', { params: { id: found.group_chat.id } });
          return found.group_chat.id;
        }
      }
      return (await api.call('createChat', { body: { user_ids: userIds.join(','), group_id: groupId, ...(name ? { name } : {}) } })).items
        .id;
    },
    onSuccess: () => invalidateChats(qc),
  });
}

export function useMyGroups() {
  return useQuery({ ...allMyGroupsQuery(api), staleTime: 60_000 });
}

export function useGallery(chatId: number) {
  return useQuery({
    queryKey: chatQueryKeys.gallery(chatId),
    queryFn: async () => (await api.call('chatGallery', { params: { id: chatId }, query: { page: 1, limit: 200 } })).items,
  });
}

export function useChatStorage(chatId: number) {
  return useQuery({
    queryKey: [...chatQueryKeys.gallery(chatId), 'storage'],
    queryFn: async () => (await api.call('chatStorage', { params: { id: chatId } })).items,
  });
}

export type { GroupChat };
