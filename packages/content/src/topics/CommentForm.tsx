import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useImeSafeEnter } from '@portal/ui';
import { useShowActionError } from '../kit/useShowActionError';
import { plainToHtml } from './draft';
import { useCommentActions } from './hooks';
import { draftKey, type TopicScope } from './scope';

interface CommentFormProps {
  scope: TopicScope;
  topicId: number;
  parentId: number | null;
  allowAnonymous: boolean;
  onDone?: () => void;
}

/**
 * A comment or reply box. Enter sends (Shift+Enter is a newline) but never the Enter that
 * confirms an IME conversion; the draft lives in sessionStorage so a reload does not lose it.
 */
export function CommentForm({ scope, topicId, parentId, allowAnonymous, onDone }: CommentFormProps) {
  const { t } = useTranslation('topics');
  const id = useId();
  const key = draftKey(scope, topicId, parentId);
  const [text, setText] = useState(() => sessionStorage.getItem(key) ?? '');
  const [anonymous, setAnonymous] = useState(false);
  const [empty, setEmpty] = useState(false);
  const { add } = useCommentActions(scope, topicId);
  const showError = useShowActionError();

  useEffect(() => {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  }, [key, text]);

  const send = () => {
    if (add.isPending) return;
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    add.mutate(
      { content: plainToHtml(text), parent_id: parentId, is_anonymous: allowAnonymous && anonymous },
      {
        onSuccess: () => {
          setText('');
          sessionStorage.removeItem(key);
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
