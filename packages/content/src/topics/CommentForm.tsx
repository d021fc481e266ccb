import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useImeSafeEnter } from '@portal/ui';
import { useShowActionError } from '../kit/useShowActionError';
import { CommentAttachments } from './CommentAttachments';
import { commentHtml } from './commentFiles';
import { plainToHtml } from './draft';
import { isInlineImageSrc } from './inlineImages';
import { useCommentActions } from './hooks';
import { draftKey, type TopicScope } from './scope';

interface CommentFormProps {
  scope: TopicScope;
  topicId: number;
  parentId: number | null;
  allowAnonymous: boolean;
  /** Largest attachment in MB (the group's max_img_size_per_attachment); the server checks again. */
  maxFileMb?: number | undefined;
  onDone?: () => void;
}

const DEFAULT_MAX_FILE_MB = 25;

/**
 * A comment or reply box. Enter sends (Shift+Enter is a newline) but never the Enter that
 * confirms an IME conversion; the draft (text and inserted images, the spec's content_comment and
 * tiny_file_ids) lives in sessionStorage so a reload does not lose it. Picked files cannot be
 * kept there: they go with the comment or not at all.
 */
export function CommentForm({ scope, topicId, parentId, allowAnonymous, maxFileMb = DEFAULT_MAX_FILE_MB, onDone }: CommentFormProps) {
  const { t } = useTranslation('topics');
  const id = useId();
  const key = draftKey(scope, topicId, parentId);
  const [text, setText] = useState(() => sessionStorage.getItem(key) ?? '');
  const [images, setImages] = useState<string[]>(() => readImages(`${key}:images`));
  const [files, setFiles] = useState<File[]>([]);
  const [anonymous, setAnonymous] = useState(false);
  const [empty, setEmpty] = useState(false);
  const { add } = useCommentActions(scope, topicId);
  const showError = useShowActionError();

  useEffect(() => {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  }, [key, text]);
  useEffect(() => {
    if (images.length) sessionStorage.setItem(`${key}:images`, JSON.stringify(images));
    else sessionStorage.removeItem(`${key}:images`);
  }, [key, images]);

  const send = () => {
    if (add.isPending) return;
    if (!text.trim() && images.length === 0 && files.length === 0) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    add.mutate(
      {
        content: commentHtml(text.trim() ? plainToHtml(text) : '', images),
        parent_id: parentId,
        is_anonymous: allowAnonymous && anonymous,
        files,
      },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
          setFiles([]);
          sessionStorage.removeItem(key);
          sessionStorage.removeItem(`${key}:images`);
          onDone?.();
        },
        onError: showError,
      },
    );
  };
  const onKeyDown = useImeSafeEnter<HTMLTextAreaElement>(send);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };

  return (
    <form className="ptop-comment-form" onSubmit={submit}>
      <label htmlFor={`${id}-text`} className="pui-field__label">
        {parentId ? t('comments.reply_label') : t('comments.add_label')}
      </label>
      <textarea
        id={`${id}-text`}
        className="pui-input ptop-comment-form__text"
        rows={3}
        maxLength={20_000}
        value={text}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {empty && (
        <p id={`${id}-error`} role="alert" className="pui-field__error">
          {t('comments.required')}
        </p>
      )}
      <p className="ptop-muted">{t('comments.enter_hint')}</p>
      <CommentAttachments
        scope={scope}
        files={files}
        images={images}
        maxFileMb={maxFileMb}
        disabled={add.isPending}
        onFiles={setFiles}
        onImages={setImages}
      />
      <div className="ptop-comment-form__actions">
        {allowAnonymous && (
          <label className="ptop-check">
            <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
            {t('comments.anonymous_option')}
          </label>
        )}
        <Button type="submit" size="sm" loading={add.isPending}>
          {parentId ? t('comments.reply_submit') : t('comments.submit')}
        </Button>
        {onDone && (
          <Button variant="ghost" size="sm" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The draft's inserted images; anything unreadable is no draft. */
function readImages(key: string): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && isInlineImageSrc(x)) : [];
  } catch {
    return [];
  }
}
