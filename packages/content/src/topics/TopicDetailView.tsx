import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, type TopicDetail } from '@portal/api-client/core';
import { viewTopic } from '@portal/api-client/realtime';
import { Button, DateDisplay, Spinner, useDocumentTitle } from '@portal/ui';
import { AttachmentList } from './AttachmentList';
import { CommentList } from './CommentList';
import { useTopic, useTopicActions } from './hooks';
import type { TopicScope } from './scope';
import { TopicContent } from './TopicContent';
import './topics.css';

export interface TopicDetailViewProps {
  scope: TopicScope;
  topicId: number;
  /** `commentSearchId`: open the comments on the page holding this one. */
  findId?: number | undefined;
  /** The feed this topic was opened from; "mark unread" returns there too. */
  backTo: string;
  /** The back link's text when it does not lead to the group feed. */
  backLabel?: string;
  /** Where the edit button leads, or null when the caller may not edit this topic. */
  editHref: (topic: TopicDetail) => string | null;
  /** Shown under the content and its attachments (the common topic's delete button). */
  children?: (topic: TopicDetail) => ReactNode;
}

/** A topic, its like / favourite / read controls and the comments; group and common alike. */
export function TopicDetailView({ scope, topicId, findId, backTo, backLabel, editHref, children }: TopicDetailViewProps) {
  const { t } = useTranslation('topics');
  const topic = useTopic(scope, topicId);
  const actions = useTopicActions(scope, topicId);
  const navigate = useNavigate();
  useDocumentTitle(topic.data?.topic_title ?? t('detail.title'));

  // Likes and comments of a topic reach only the pages showing it (and the people they concern):
  // tell the server while this one is open, so the detail and comments refresh on them.
  useEffect(() => viewTopic(topicId), [topicId]);

  const unread = topic.data && !topic.data.is_read;
  const seen = actions.markSeen;
  // Opening the topic reads it; once, so "mark unread" afterwards is not undone by a re-render.
  useEffect(() => {
    if (unread && seen.isIdle) seen.mutate();
  }, [unread, seen]);

  if (topic.isPending) return <Spinner />;
  if (topic.isError) {
    // Another group's topic, a deleted one, one not sent to the reader: all simply not found.
    const missing = topic.error instanceof ApiError && topic.error.status === 404;
    return <p role="alert">{t(missing ? 'detail.not_found' : 'common.load_failed')}</p>;
  }
  const d = topic.data;
  const likesOn = d.how_nice.includes('1');
  const hideLikers = d.how_nice.includes('2');
  const commentsOn = d.comment_options.includes('1');
  const edit = editHref(d);

  return (
    <article className="ptop-detail" aria-labelledby="ptop-detail-title">
      <p>
        <Link to={backTo}>{backLabel ?? t('detail.back')}</Link>
      </p>
      <header className="ptop-detail__head">
        <h1 id="ptop-detail-title" className="pui-page-title">
          {d.emergency_contact && <span className="ptop-mark ptop-mark--emergency">{t('feed.emergency_mark')}</span>}
          {d.topic_title}
        </h1>
        <p className="ptop-row__meta">
          <span>{t('detail.updated_by', { name: d.updater_name })}</span>
          <DateDisplay value={d.updated_at} />
          {d.folder_name && <span>{t('detail.folder', { name: d.folder_name })}</span>}
          {d.is_scheduled && <span className="ptop-mark">{t('feed.scheduled_mark')}</span>}
        </p>
        {d.selected_group.length > 0 && (
          <ul className="ptop-detail__groups" aria-label={t('detail.destinations')}>
            {d.selected_group.map((g) => (
              <li key={g.id} className="ptop-mark">
                {g.name}
              </li>
            ))}
          </ul>
        )}
        {edit && (
          <Link className="pui-btn pui-btn--secondary pui-btn--sm" to={edit}>
            {t('detail.edit')}
          </Link>
        )}
      </header>
      <TopicContent html={d.content} />
      {d.attach_file && d.attach_file.length > 0 && (
        <AttachmentList scope={scope} topicId={d.id} topicTitle={d.topic_title} files={d.attach_file} />
      )}
      {children?.(d)}
      <div className="ptop-detail__actions">
        {likesOn && (
          <Button
            variant={d.is_like ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={d.is_like}
            loading={actions.like.isPending}
            onClick={() => actions.like.mutate(!d.is_like)}
          >
            {t('detail.like', { character: d.like_character_change || t('detail.like_default'), count: d.liker_count })}
          </Button>
        )}
        <Button
          variant={d.is_favor ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={d.is_favor}
          onClick={() => actions.favorite.mutate(!d.is_favor)}
        >
          {d.is_favor ? t('detail.unfavorite') : t('detail.favorite')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.markUnread.mutate(undefined, { onSuccess: () => void navigate(backTo) })}
        >
          {t('detail.mark_unread')}
        </Button>
      </div>
      {likesOn && !hideLikers && d.liker.length > 0 && (
        <p className="ptop-likers">{t('detail.likers', { names: d.liker.map((p) => p.name).join(t('detail.name_separator')) })}</p>
      )}
      {commentsOn ? (
        <CommentList
          scope={scope}
          topicId={d.id}
          allowAnonymous={d.comment_options.includes('2')}
          likeCharacter={likesOn ? d.like_character_change : null}
          findId={findId}
        />
      ) : (
        <p className="ptop-muted">{t('comments.off')}</p>
      )}
    </article>
  );
}
