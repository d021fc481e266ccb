import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageSpecial, type GroupChat } from '@portal/api-client/core';
import { Button, DateDisplay, EmptyState, Spinner, UnreadBadge } from '@portal/ui';
import { ApiAvatar } from '@portal/content/kit';
import { useChatList, useMe, useReadAll } from '../../api/chat';
import { chatAvatar, chatTitle } from '../../lib/title';

/** The list line under a chat's title: its last message, or what it was (file, deleted, notice). */
function Preview({ chat }: { chat: GroupChat }) {
  const { t } = useTranslation('chat');
  if (chat.last_message_special === null) return <>{t('preview.none')}</>;
  if (chat.last_message_deleted) return <>{t('preview.deleted')}</>;
  switch (chat.last_message_special) {
    case MessageSpecial.FILES:
      return <>{t('preview.file')}</>;
    case MessageSpecial.MEMBERS_ADDED:
      return <>{t('preview.members_added')}</>;
    case MessageSpecial.MEMBER_LEFT:
      return <>{t('preview.member_left', { name: chat.sender?.name ?? '' })}</>;
    case MessageSpecial.RENAMED:
      return <>{t('preview.renamed')}</>;
    default:
      // User text is isolated: a right-to-left override in it cannot reorder the row around it.
      return <bdi>{chat.last_message}</bdi>;
  }
}

export function ChatList({ selectedId, onCreate }: { selectedId?: number | undefined; onCreate: () => void }) {
  const { t } = useTranslation('chat');
  const list = useChatList();
  const me = useMe();
  const readAll = useReadAll();
  const meId = me.data?.info.id;
  const pages = list.data?.pages ?? [];
  // Ids can repeat across pages when activity reorders the list between two page loads.
  const chats = [...new Map(pages.flatMap((p) => p.data).map((c) => [c.id, c])).values()];
  const totalUnread = pages[0]?.total_unread ?? 0;

  return (
    <section className="chat-list" aria-labelledby="chat-list-heading">
      <div className="chat-list__head">
        <h1 id="chat-list-heading" className="chat-list__heading">
          {t('list.heading')}
        </h1>
        <div className="chat-list__tools">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => readAll.mutate(undefined)}
            loading={readAll.isPending}
            disabled={totalUnread === 0}
          >
            {t('list.read_all')}
          </Button>
          <Button size="sm" onClick={onCreate}>
            {t('list.create')}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <EmptyState message={t('list.error')} />
      ) : chats.length === 0 ? (
        <EmptyState message={t('list.empty')} />
      ) : (
        <ul
          className="chat-list__items"
          aria-label={t('list.label')}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollHeight - el.scrollTop - el.clientHeight < 160 && list.hasNextPage && !list.isFetchingNextPage)
              void list.fetchNextPage();
          }}
        >
          {chats.map((chat) => {
            const title = chatTitle(chat, meId, t);
            const active = chat.id === selectedId;
            return (
              <li key={chat.id} className={`chat-list__item${active ? ' chat-list__item--active' : ''}`}>
                <Link
                  to={`/chat/detail/${chat.id}`}
                  className="chat-list__link"
                  aria-current={active ? 'page' : undefined}
                  data-testid={`chat-item-${chat.id}`}
                >
                  <ApiAvatar src={chatAvatar(chat, meId)} name={title} size="md" decorative />
                  <span className="chat-list__body">
                    <span className="chat-list__title">
                      {chat.favorite === 1 && (
                        <span className="chat-list__star" role="img" aria-label={t('list.favorite')}>
                          ★
                        </span>
                      )}
                      <bdi className="chat-list__name">{title}</bdi>
                      {chat.only_user !== 1 && <span className="chat-list__size">({chat.size})</span>}
                    </span>
                    <span className="chat-list__preview">
                      <Preview chat={chat} />
                    </span>
                  </span>
                  <span className="chat-list__meta">
                    <DateDisplay value={chat.updated_at} className="chat-list__time" />
                    <UnreadBadge count={chat.count_message_not_seen} />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
