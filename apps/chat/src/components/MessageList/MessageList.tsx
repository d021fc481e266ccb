import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@portal/api-client/core';
import { Button, Spinner } from '@portal/ui';
import type { MessagesState } from '../../api/messages';
import { MessageItem, type MessageActions } from '../MessageItem/MessageItem';

const TOP_THRESHOLD_PX = 80;
const PULL_PX = 70;
/** How long a message opened from a link (search hit) stays highlighted. */
const HIGHLIGHT_MS = 4000;
/** Older pages fetched at most while looking for that message (30 each). */
const FOCUS_MAX_PAGES = 20;

interface Props {
  chatId: number;
  state: MessagesState | undefined;
  loading: boolean;
  showImages: boolean;
  actions: MessageActions;
  loadOlder: () => Promise<void>;
  /** Narrow screens reload by pulling down at the top (spec section 2). */
  onPullReload?: (() => void) | undefined;
  /** `?messageId=`: scroll to this message (loading older pages until it is there) and highlight it. */
  focusId?: number | undefined;
}

/**
 * The history, oldest at the top. Scrolling near the top loads the previous page and keeps the
 * reader's place; a new message scrolls to the bottom when the reader was already there.
 */
export function MessageList({ chatId, state, loading, showImages, actions, loadOlder, onPullReload, focusId }: Props) {
  const { t } = useTranslation('chat');
  const box = useRef<HTMLDivElement>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const pull = useRef<number | null>(null);
  const [pulling, setPulling] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  /** Messages that arrived while the reader was scrolled up: the pill's count. */
  const [unseen, setUnseen] = useState(0);
  const messages: ChatMessage[] = state?.messages ?? [];
  const first = messages[0]?.index;
  const last = messages.at(-1)?.index;
  const lastOwn = messages.at(-1)?.isOwnMsg ?? false;
  /** The chat shown and its newest message index as last seen by the effect below. */
  const seen = useRef<{ chatId: number; last: number | undefined } | null>(null);

  const older = async () => {
    const el = box.current;
    if (!el || loadingOlder || !state?.hasOlder) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    setLoadingOlder(true);
    try {
      await loadOlder();
    } finally {
      setLoadingOlder(false);
    }
  };

  // Older messages were put above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [first]);

  const toBottom = () => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  // A new newest message: follow it when the reader was at the bottom or sent it; otherwise keep
  // their place and count it on the "new messages" pill. Another chat (or the first render) starts
  // at its newest message with nothing unseen. The reset lives in this one effect: the list often
  // mounts with its messages already loaded, and a reset run after it would forget the newest
  // index just recorded, so the first message to arrive would not count as new.
  useLayoutEffect(() => {
    const el = box.current;
    if (seen.current?.chatId !== chatId) {
      seen.current = { chatId, last: undefined };
      atBottom.current = true;
      setUnseen(0);
    }
    const prev = seen.current.last;
    const grew = prev !== undefined && last !== undefined && last > prev;
    seen.current.last = last;
    if (!el) return;
    if (atBottom.current || (grew && lastOwn)) toBottom();
    else if (grew) setUnseen((n) => n + 1);
  }, [last, chatId]);

  // Whatever changes the history's height after it is shown (an image arriving, a quote or a
  // reaction line appearing) keeps a reader at the bottom there.
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const b = box.current;
      if (b && atBottom.current) b.scrollTop = b.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [messages.length > 0, chatId]);

  const [highlight, setHighlight] = useState<number | null>(null);
  const focus = useRef<{ id: number; pages: number; done: boolean } | null>(null);
  if (focusId !== undefined && focus.current?.id !== focusId) focus.current = { id: focusId, pages: 0, done: false };
  // Runs after the bottom-scroll above, so the linked message wins over "show the newest".
  useEffect(() => {
    const f = focus.current;
    if (!f || f.done || !state || loadingOlder) return;
    const el = box.current?.querySelector<HTMLElement>(`[data-message-id="${f.id}"]`);
    if (el) {
      f.done = true;
      atBottom.current = false;
      el.scrollIntoView?.({ block: 'center' });
      setHighlight(f.id);
      return;
    }
    // Not loaded yet: page back through the history; a deleted or very old one is given up on.
    if (state.hasOlder && f.pages < FOCUS_MAX_PAGES) {
      f.pages++;
      void older();
    } else {
      f.done = true;
    }
  });
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  return (
    <div
      ref={box}
      className="chat-messages"
      role="log"
      aria-label={t('detail.messages_label')}
      aria-live="polite"
      data-testid="chat-messages"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        if (atBottom.current && unseen > 0) setUnseen(0);
        if (el.scrollTop < TOP_THRESHOLD_PX) void older();
      }}
      onTouchStart={(e) => {
        if (onPullReload && box.current?.scrollTop === 0) pull.current = e.touches[0]?.clientY ?? null;
      }}
      onTouchMove={(e) => {
        if (pull.current !== null) setPulling((e.touches[0]?.clientY ?? 0) - pull.current > PULL_PX);
      }}
      onTouchEnd={() => {
        if (pulling) onPullReload?.();
        pull.current = null;
        setPulling(false);
      }}
    >
      {pulling && <div className="chat-messages__pull">{t('detail.pull_reload')}</div>}
      {state?.hasOlder && (
        <div className="chat-messages__older">
          <Button variant="link" size="sm" onClick={() => void older()} loading={loadingOlder}>
            {t('detail.load_older')}
          </Button>
        </div>
      )}
      {loading && !state ? (
        <Spinner />
      ) : messages.length === 0 ? (
        <p className="chat-messages__empty">{t('detail.no_messages')}</p>
      ) : (
        <ol className="chat-messages__list" ref={list}>
          {messages.map((m) => (
            <MessageItem key={m.id} m={m} chatId={chatId} showImages={showImages} actions={actions} highlight={m.id === highlight} />
          ))}
        </ol>
      )}
      {unseen > 0 && (
        <button type="button" className="chat-messages__pill" onClick={toBottom}>
          {t('detail.new_messages', { count: unseen })}
        </button>
      )}
    </div>
  );
}
