import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '@portal/api-client/core';
import { Button, useImeSafeEnter } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { sendFiles, sendText } from '../api/messages';

/**
 * The message box. Enter sends and Shift+Enter starts a new line; the Enter that confirms a
 * Japanese IME conversion never sends (isComposing, and keyCode 229 for Safari, which reports
 * that keydown after compositionend) — the shared `useImeSafeEnter` decides.
 */
export function Composer({ chatId, replyTo, onCancelReply, onSent }: { chatId: number; replyTo: ChatMessage | null; onCancelReply: () => void; onSent: () => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const showError = useShowActionError();

  const submit = async () => {
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    try {
      await sendText(chatId, content, replyTo?.id);
      setText('');
      onCancelReply();
      onSent();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = useImeSafeEnter<HTMLTextAreaElement>(() => void submit());

  const upload = async (files: File[], pasted = false) => {
    if (files.length === 0) return;
    setBusy(true);
    setProgress(0);
    try {
      await sendFiles(chatId, files, replyTo?.id, setProgress, pasted);
      onCancelReply();
      onSent();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {replyTo && (
        <div className="chat-composer__reply">
          <span>{t('composer.replying', { name: replyTo.userName })}</span>
          <span className="chat-composer__reply-text">{replyTo.content}</span>
          <button type="button" className="chat-link" onClick={onCancelReply}>
            {t('composer.cancel_reply')}
          </button>
        </div>
      )}
      {progress !== null && <div className="chat-composer__progress">{t('composer.uploading', { percent: Math.round(progress * 100) })}</div>}
      <div className="chat-composer__row">
        <label className="chat-composer__attach">
          <span className="pui-visually-hidden">{t('composer.attach')}</span>
          <input ref={fileInput} type="file" multiple disabled={busy} data-testid="chat-file-input" onChange={(e) => void upload([...(e.target.files ?? [])])} />
          <span aria-hidden="true" className="chat-composer__attach-icon">＋</span>
        </label>
        <textarea
          className="pui-input chat-composer__input"
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={text}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            // A pasted screenshot is sent at once as an image message; pasted text stays text.
            const image = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'));
            if (!image || busy) return;
            e.preventDefault();
            void upload([image], true);
          }}
        />
        <Button type="submit" loading={busy} disabled={!text.trim()}>
          {t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
