import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, charLength, hasScriptTag, type ChatMessage } from '@portal/api-client/core';
import { Button, useImeSafeEnter } from '@portal/ui';
import { FormError } from '@portal/ui/kit';
import { apiFieldErrors, useShowActionError } from '@portal/content/kit';
import { sendFiles, sendText } from '../../api/messages';

/**
 * The message box. Enter sends and Shift+Enter starts a new line; the Enter that confirms a
 * Japanese IME conversion never sends (isComposing, and keyCode 229 for Safari, which reports
 * that keydown after compositionend) — the shared `useImeSafeEnter` decides.
 */
export function Composer({
  chatId,
  replyTo,
  onCancelReply,
  onSent,
}: {
  chatId: number;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const showError = useShowActionError();
  const id = useId();
  /** The server's refusal of the text last sent (a rule the page could not foresee). */
  const [refused, setRefused] = useState<string | null>(null);
  // No maxlength: a paste longer than the limit stays whole in the box, with the count and the
  // reason, so the user can shorten it rather than send a silently cut half.
  const remaining = CHAT_MESSAGE_MAX - charLength(text);
  const problem = remaining < 0 ? 'validation.max_length_count' : hasScriptTag(text) ? 'validation.no_script' : refused;

  const submit = async () => {
    const content = text.trim();
    if (!content || busy || problem) return;
    setBusy(true);
    try {
      await sendText(chatId, content, replyTo?.id);
      setText('');
      onCancelReply();
      onSent();
    } catch (err) {
      const fields = apiFieldErrors(err, { content: 'content' });
      if (fields?.content) setRefused(fields.content);
      else showError(err);
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
      {progress !== null && (
        <div className="chat-composer__progress">{t('composer.uploading', { percent: Math.round(progress * 100) })}</div>
      )}
      <div className="chat-composer__row">
        <label className="chat-composer__attach">
          <span className="pui-visually-hidden">{t('composer.attach')}</span>
          <input
            ref={fileInput}
            type="file"
            multiple
            disabled={busy}
            data-testid="chat-file-input"
            onChange={(e) => void upload([...(e.target.files ?? [])])}
          />
          <span aria-hidden="true" className="chat-composer__attach-icon">
            ＋
          </span>
        </label>
        <textarea
          className="pui-input chat-composer__input"
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={text}
          rows={2}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count${problem ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setRefused(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            // A pasted screenshot is sent at once as an image message; pasted text stays text.
            const image = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'));
            if (!image || busy) return;
            e.preventDefault();
            void upload([image], true);
          }}
        />
        <Button type="submit" loading={busy} disabled={!text.trim() || problem !== null}>
          {t('composer.send')}
        </Button>
      </div>
      <div className="chat-composer__status">
        <FormError id={`${id}-error`} message={problem} values={{ field: t('composer.label'), max: CHAT_MESSAGE_MAX }} />
        <span id={`${id}-count`} className={`chat-composer__count${remaining < 0 ? ' chat-composer__count--over' : ''}`}>
          {remaining < 0 ? t('composer.over', { count: -remaining }) : t('composer.remaining', { count: remaining })}
        </span>
      </div>
    </form>
  );
}
