import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSpecial, type ChatMessage, type ChatFile } from '@portal/api-client/core';
import { DateDisplay } from '@portal/ui';
import { FileKindIcon } from '@portal/content/files';
import { ApiAvatar, useApiImageSrc } from '@portal/content/kit';
import { chatFileUrl, download } from '../../lib/files';
import { ImageViewer } from '../ImageViewer/ImageViewer';

export { download };

/** An image inline by its thumbnail (the full picture on click), or a file as a download button. */
/** The box of a thumbnail not loaded yet, when its size was not stored (images sent before sizes were). */
const UNKNOWN_THUMB = { width: 160, height: 120 };

export function ChatFileView({
  chatId,
  file,
  showImages,
  onOpen,
}: {
  chatId: number;
  file: ChatFile;
  showImages: boolean;
  onOpen?: ((file: ChatFile) => void) | undefined;
}) {
  const { t } = useTranslation('chat');
  const image = showImages && file.has_thumbnail;
  const src = useApiImageSrc(image ? chatFileUrl(chatId, file.id, 'thumbnail') : null);
  if (image) {
    // The frame has the thumbnail's size from the start, so the history does not move when the
    // picture arrives (a chat opened at its newest message stays there).
    const size = file.thumb_size ?? UNKNOWN_THUMB;
    return (
      <button
        type="button"
        className="chat-file chat-file--image chat-file__frame"
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        onClick={() => (onOpen ? onOpen(file) : void download(chatId, file))}
        aria-label={onOpen ? t('message.open_image', { name: file.name }) : t('message.download', { name: file.name })}
      >
        {src && (
          <img
            src={src}
            alt={t('message.image', { name: file.name })}
            width={size.width}
            height={size.height}
            className="chat-file__thumb"
          />
        )}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="chat-file"
      onClick={() => void download(chatId, file)}
      aria-label={t('message.download', { name: file.name })}
    >
      <FileKindIcon kind={file.kind as Parameters<typeof FileKindIcon>[0]['kind']} size={20} /> {file.name}
    </button>
  );
}

export interface MessageActions {
  onReply(m: ChatMessage): void;
  onLike(m: ChatMessage): void;
  onDelete(m: ChatMessage): void;
}

/** A join, leave or rename notice, centred like LINE WORKS and Garoon show them. */
function Notice({ m }: { m: ChatMessage }) {
  const { t } = useTranslation('chat');
  const text =
    m.messageSpecial === MessageSpecial.MEMBERS_ADDED
      ? t('message.members_added', { name: m.userName, names: m.content })
      : m.messageSpecial === MessageSpecial.MEMBER_LEFT
        ? t('message.member_left', { name: m.userName })
        : t('message.renamed', { name: m.userName, title: m.content });
  return (
    <li className="chat-notice" data-index={m.index}>
      <span>{text}</span> <DateDisplay value={m.created_at} className="chat-notice__time" />
    </li>
  );
}

/** "Read by N"; a click shows who (updated live with the chat.read events). */
function ReadReceipt({ m }: { m: ChatMessage }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <span className="chat-msg__read">
      <button type="button" className="chat-link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('message.read', { count: m.read_count })}
      </button>
      {open && <span className="chat-msg__readers">{t('message.read_by', { names: m.read_by.map((r) => r.name).join('、') })}</span>}
    </span>
  );
}

/**
 * One message. Memoised: a realtime event re-reads the loaded range, and the query keeps the
 * unchanged messages' objects (structural sharing), so only new or changed messages render;
 * the detail passes `actions` that stay the same from render to render.
 */
export const MessageItem = memo(function MessageItem({
  m,
  chatId,
  showImages,
  actions,
  highlight = false,
}: {
  m: ChatMessage;
  chatId: number;
  showImages: boolean;
  actions: MessageActions;
  highlight?: boolean;
}) {
  const { t } = useTranslation('chat');
  const [viewing, setViewing] = useState<number | null>(null);
  if (m.messageSpecial > MessageSpecial.FILES) return <Notice m={m} />;
  const images = showImages ? m.file.filter((f) => f.has_thumbnail) : [];
  const reply = m.replyMessage;
  return (
    <li
      className={`chat-msg${m.isOwnMsg ? ' chat-msg--own' : ''}${highlight ? ' chat-msg--highlight' : ''}`}
      data-index={m.index}
      data-message-id={m.id}
      data-testid="chat-message"
      aria-current={highlight ? 'true' : undefined}
    >
      {!m.isOwnMsg && <ApiAvatar src={m.userAvatar} name={m.userName} size="sm" decorative className="chat-msg__avatar" />}
      <div className="chat-msg__main">
        {!m.isOwnMsg && (
          <div className="chat-msg__sender">
            <bdi>{m.userName}</bdi>
          </div>
        )}
        <div className="chat-msg__bubble">
          {reply && (
            <blockquote className="chat-msg__quote">
              <bdi className="chat-msg__quote-sender">{reply.sender?.name ?? ''}</bdi>
              <span className="chat-msg__quote-text" dir="auto">
                {reply.is_deleted_by_author
                  ? t('message.reply_deleted')
                  : reply.message_special === MessageSpecial.FILES
                    ? t('preview.file')
                    : reply.content}
              </span>
            </blockquote>
          )}
          {m.is_deleted ? (
            <span className="chat-msg__deleted">{t('message.deleted')}</span>
          ) : (
            <>
              {m.content && (
                // dir="auto" isolates the user's text: an override character in it ends with it.
                <span className="chat-msg__text" dir="auto">
                  {m.content}
                </span>
              )}
              {m.file.length > 0 && (
                <div className="chat-msg__files">
                  {m.file.map((f) => (
                    <ChatFileView
                      key={f.id}
                      chatId={chatId}
                      file={f}
                      showImages={showImages}
                      onOpen={(file) => setViewing(images.indexOf(file))}
                    />
                  ))}
                </div>
              )}
              {viewing !== null && viewing >= 0 && (
                <ImageViewer chatId={chatId} files={images} start={viewing} onClose={() => setViewing(null)} />
              )}
            </>
          )}
        </div>
        <div className="chat-msg__meta">
          <DateDisplay value={m.created_at} />
          {m.isOwnMsg && m.read_count > 0 && <ReadReceipt m={m} />}
          {m.liker.length > 0 && (
            <span className="chat-msg__likes" title={m.liker.map((l) => l.name).join('、')}>
              {t('message.likes', { count: m.liker.length })}
            </span>
          )}
          {!m.is_deleted && (
            <span className="chat-msg__actions">
              <button type="button" className="chat-link" onClick={() => actions.onReply(m)}>
                {t('message.reply')}
              </button>
              <button type="button" className="chat-link" aria-pressed={m.isLike} onClick={() => actions.onLike(m)}>
                {m.isLike ? t('message.unlike') : t('message.like')}
              </button>
              {m.isCanDelete && (
                <button type="button" className="chat-link chat-link--danger" onClick={() => actions.onDelete(m)}>
                  {t('message.delete')}
                </button>
              )}
            </span>
          )}
        </div>
      </div>
    </li>
  );
});
