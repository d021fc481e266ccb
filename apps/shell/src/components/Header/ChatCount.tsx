import { useQuery } from '@tanstack/react-query';
import { useStore } from '@nanostores/react';
import { chatQueryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { UnreadBadge } from '@portal/ui';
import { $contentShown } from '../../stores/content';

/**
 * The navbar's unread chat count. Same query key as the chat remote's, so marking a chat read
 * there, or a realtime chat event (see realtime.ts), updates it without a reload. Asked for once
 * the page has shown its content (stores/content.ts).
 */
export function ChatCount() {
  const { data } = useQuery({
    queryKey: chatQueryKeys.unreadCount(),
    queryFn: async () => (await api.call('chatUnreadCount')).items,
    staleTime: 30_000,
    enabled: useStore($contentShown),
  });
  return (
    <span className="shell-nav__count" data-testid="nav-chat-count" data-count={data?.count ?? 0}>
      <UnreadBadge count={data?.count ?? 0} />
    </span>
  );
}
