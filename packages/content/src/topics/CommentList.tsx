import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopicComment } from '@portal/api-client/core';
import { Button, DateDisplay, Spinner, useConfirm } from '@portal/ui';
import { Pager } from '@portal/ui/kit';
import { useShowActionError } from '../kit/useShowActionError';
import { AttachmentList } from './AttachmentList';
import { CommentForm } from './CommentForm';
import { useCommentActions, useCommentPageSize, useTopicComments } from './hooks';
import type { TopicScope } from './scope';
import { TopicContent } from './TopicContent';

interface CommentListProps {
  scope: TopicScope;
  topicId: number;
  allowAnonymous: boolean;
  /** The topic's like setting: comments can be liked with its character when on. */
  likeCharacter: string | null;
  /** `commentSearchId`: open on the page holding this comment and scroll to it. */
  findId?: number | undefined;
}

type CommentView = Omit<TopicComment, 'comments'>;

/** Comments with one level of replies, paged by the user's comment page size. */
export function CommentList({ scope, topicId, allowAnonymous, likeCharacter, findId }: CommentListProps) {
  const { t } = useTranslation('topics');
  const limit = useCommentPageSize();
  // null until the user pages: the first load asks for the page holding findId, if any.
  const [page, setPage] = useState<number | null>(null);
  const comments = useTopicComments(scope, topicId, { page: page ?? 1, limit, findId: page === null ? findId : undefined });
  const [replyTo, setReplyTo] = useState<number | null>(null);

  const loaded = comments.data !== undefined;
  useEffect(() => {
    if (!loaded || !findId || page !== null) return;
    document.getElementById(`ptop-comment-${findId}`)?.scrollIntoView?.({ block: 'center' });
  }, [loaded, findId, page]);

  return (
    <section className="ptop-comments" aria-labelledby="ptop-comments-title">
      <h2 id="ptop-comments-title" className="ptop-section-title">
        {t('comments.title', { count: comments.data?.total ?? 0 })}
      </h2>
      <CommentForm scope={scope} topicId={topicId} parentId={null} allowAnonymous={allowAnonymous} />
      {comments.isPending ? (
        <Spinner />
      ) : comments.isError ? (
        <p role="alert">{t('common.load_failed')}</p>
      ) : comments.data.data.length === 0 ? (
        <p className="ptop-muted">{t('comments.empty')}</p>
      ) : (
        <ol className="ptop-comment-list">
          {comments.data.data.map((c) => (
            <li key={c.id}>
              <CommentItem
                scope={scope}
                topicId={topicId}
                likeCharacter={likeCharacter}
                comment={c}
                highlight={c.id === findId}
                onReply={() => setReplyTo(c.id)}
              />
              {c.comments.length > 0 && (
                <ol className="ptop-comment-list ptop-comment-list--replies">
                  {c.comments.map((r) => (
                    <li key={r.id}>
                      <CommentItem scope={scope} topicId={topicId} likeCharacter={likeCharacter} comment={r} highlight={r.id === findId} />
                    </li>
                  ))}
                </ol>
              )}
              {replyTo === c.id && (
                <CommentForm
                  scope={scope}
                  topicId={topicId}
                  parentId={c.id}
                  allowAnonymous={allowAnonymous}
                  onDone={() => setReplyTo(null)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {comments.data && <Pager page={comments.data.current_page} lastPage={comments.data.last_page} onChange={setPage} />}
    </section>
  );
}

interface CommentItemProps {
  scope: TopicScope;
  topicId: number;
  likeCharacter: string | null;
  comment: CommentView;
  highlight: boolean;
  onReply?: () => void;
}

function CommentItem({ scope, topicId, likeCharacter, comment: c, highlight, onReply }: CommentItemProps) {
  const { t } = useTranslation('topics');
  const confirm = useConfirm();
  const { remove, like } = useCommentActions(scope, topicId);
  const showError = useShowActionError();
  const author = c.is_anonymous ? t('comments.anonymous') : (c.commenter_name ?? t('comments.unknown'));

  const del = async () => {
    if (!(await confirm({ message: t('comments.delete_confirm'), confirmLabel: t('comments.delete'), destructive: true }))) return;
    remove.mutate(c.id, { onError: showError });
  };

  return (
    <article
      id={`ptop-comment-${c.id}`}
      className={`ptop-comment${highlight ? ' ptop-comment--found' : ''}`}
      aria-label={t('comments.by', { name: author })}
    >
      <p className="ptop-row__meta">
        <strong>{author}</strong>
        {c.is_own && c.is_anonymous && <span className="ptop-muted">{t('comments.own_anonymous')}</span>}
        <DateDisplay value={c.comment_date} />
      </p>
      {c.is_deleted ? (
        <p className="ptop-muted">{t('comments.deleted')}</p>
      ) : (
        // Sanitised by the server when posted, and again in the browser; inline images load with the token.
        <TopicContent html={c.content} />
      )}
      {!c.is_deleted && c.attach_file && c.attach_file.length > 0 && (
        <AttachmentList scope={scope} topicId={topicId} topicTitle="" files={c.attach_file} comment />
      )}
      {!c.is_deleted && (
        <div className="ptop-comment__actions">
          {likeCharacter !== null && (
            <Button
              variant={c.is_like ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={c.is_like}
              aria-label={t('comments.like_label', { character: likeCharacter || t('detail.like_default'), count: c.liker_count })}
              loading={like.isPending}
              onClick={() => like.mutate({ commentId: c.id, isLike: !c.is_like }, { onError: showError })}
            >
              {t('detail.like', { character: likeCharacter || t('detail.like_default'), count: c.liker_count })}
            </Button>
          )}
          {onReply && (
            <Button variant="link" size="sm" onClick={onReply}>
              {t('comments.reply')}
            </Button>
          )}
          {c.is_own && (
            <Button variant="link" size="sm" onClick={() => void del()} loading={remove.isPending}>
              {t('comments.delete')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
