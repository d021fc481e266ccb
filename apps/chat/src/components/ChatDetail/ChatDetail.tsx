import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ChatMessage } from '@portal/api-client/core';
import { Button, EmptyState, Spinner, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useErrorStrings } from '@portal/ui/kit';
import { translateError } from '@portal/i18n';
import { useChat, useDeleteMessage, useDestroy, useFavorite, useLeave, useLike, useMarkRead, useMe, useSettings } from '../../api/chat';
import { useMessages } from '../../api/messages';
import { chatTitle } from '../../lib/title';
import { Composer } from '../Composer/Composer';
import { Gallery } from '../Gallery/Gallery';
import { MemberPicker } from '../MemberPicker/MemberPicker';
import type { MessageActions } from '../MessageItem/MessageItem';
import { MessageList } from '../MessageList/MessageList';
import { RenameDialog } from '../RenameDialog/RenameDialog';

type Panel = null | 'gallery' | 'invite' | 'rename';

export function ChatDetail({ chatId, backTo, narrow }: { chatId: number; backTo: string; narrow: boolean }) {
  const { t } = useTranslation('chat');
  const { t: te, ready: errorsReady } = useErrorStrings();
  const chat = useChat(chatId);
  const messages = useMessages(chatId);
  const me = useMe();
  const settings = useSettings();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const rawFocus = Number(useSearchParams()[0].get('messageId'));
  const focusId = Number.isInteger(rawFocus) && rawFocus > 0 ? rawFocus : undefined;
  const [panel, setPanel] = useState<Panel>(null);
  const markRead = useMarkRead();
  const like = useLike();
  const del = useDeleteMessage();
  const favorite = useFavorite();
  const leave = useLeave();
  const destroy = useDestroy();
  const modal = useModal();
  const showError = useShowActionError();
  const navigate = useNavigate();
  const state = messages.data;

  // The messages are memoised: they get actions that stay the same from render to render and
  // call the current handlers.
  const current = {
    onLike: (m: ChatMessage) => like.mutate({ chatId, messageId: m.id, like: !m.isLike }, { onError: showError }),
    onDelete: async (m: ChatMessage) => {
      if (await modal.confirm({ message: t('message.delete_confirm'), destructive: true }))
        del.mutate({ chatId, messageId: m.id }, { onError: showError });
    },
  };
  const handlers = useRef(current);
  handlers.current = current;
  const actions = useMemo<MessageActions>(
    () => ({
      onReply: setReplyTo,
      onLike: (m) => handlers.current.onLike(m),
      onDelete: (m) => handlers.current.onDelete(m),
    }),
    [],
  );

  // Opening the chat (and every message arriving while it is open) reads it.
  const unread = state ? state.lastNo > state.readNo : false;
  useEffect(() => {
    if (unread && !markRead.isPending) markRead.mutate(chatId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, chatId, state?.lastNo]);

  useEffect(() => {
    setReplyTo(null);
    setPanel(null);
  }, [chatId]);

  // A missing chat's message waits for the `errors` strings (loading since mount).
  if (chat.isPending || (chat.isError && !errorsReady)) return <Spinner />;
  if (chat.isError || !chat.data) {
    return (
      <div className="chat-detail chat-detail--missing">
        <EmptyState message={translateError(te, 'CHAT_NOT_FOUND')} action={<Link to="/chat/list">{t('detail.back')}</Link>} />
      </div>
    );
  }
  const c = chat.data;
  const title = chatTitle(c, me.data?.info.id, t);
  const group = c.only_user !== 1;
  const showImages = (settings.data?.setting_display.display_image_video ?? 1) === 1;

  const onLeave = async () => {
    if (!(await modal.confirm({ message: t('detail.leave_confirm'), destructive: true }))) return;
    leave.mutate(chatId, { onSuccess: () => navigate('/chat/list'), onError: showError });
  };

  const onDestroy = async () => {
    if (!(await modal.confirm({ message: t('detail.destroy_confirm'), destructive: true }))) return;
    destroy.mutate(chatId, { onSuccess: () => navigate('/chat/list'), onError: showError });
  };
  const mine = group && me.data?.info.id !== undefined && c.created_by_user_id === me.data.info.id;

  return (
    <section className="chat-detail" aria-labelledby="chat-detail-title">
      <header className="chat-detail__head">
        {narrow && (
          <Link to={backTo} className="chat-detail__back">
            ‹ <span className="pui-visually-hidden">{t('detail.back')}</span>
          </Link>
        )}
        <div className="chat-detail__title-box">
          <h2 id="chat-detail-title" className="chat-detail__title">
            <bdi>{title}</bdi>
          </h2>
          {group && <span className="chat-detail__members">{t('detail.members', { count: c.size })}</span>}
        </div>
        <div className="chat-detail__tools" role="group" aria-label={t('detail.actions')}>
          <button
            type="button"
            className={`chat-star${c.favorite ? ' chat-star--on' : ''}`}
            aria-pressed={c.favorite === 1}
            aria-label={c.favorite ? t('detail.favorite_off') : t('detail.favorite_on')}
            onClick={() => favorite.mutate({ chatId, favorite: c.favorite !== 1 })}
          >
            ★
          </button>
          <Button variant="secondary" size="sm" onClick={() => setPanel('gallery')}>
            {t('detail.gallery')}
          </Button>
          {group && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setPanel('rename')}>
                {t('detail.rename')}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setPanel('invite')}>
                {t('detail.invite')}
              </Button>
            </>
          )}
          <Button variant="danger" size="sm" onClick={() => void onLeave()}>
            {t('detail.leave')}
          </Button>
          {mine && (
            <Button variant="danger" size="sm" onClick={() => void onDestroy()}>
              {t('detail.destroy')}
            </Button>
          )}
        </div>
      </header>
      <MessageList
        chatId={chatId}
        state={state}
        loading={messages.isPending}
        showImages={showImages}
        loadOlder={messages.loadOlder}
        onPullReload={narrow ? () => void messages.refetch() : undefined}
        focusId={focusId}
        actions={actions}
      />
      <Composer chatId={chatId} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSent={() => void messages.refetch()} />
      {panel === 'gallery' && <Gallery chatId={chatId} meId={me.data?.info.id} onClose={() => setPanel(null)} />}
      {panel === 'rename' && <RenameDialog chatId={chatId} current={c.name} onClose={() => setPanel(null)} />}
      {panel === 'invite' && c.group_id !== null && <MemberPicker mode="invite" chat={c} onClose={() => setPanel(null)} />}
    </section>
  );
}
