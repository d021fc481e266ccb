import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, DateDisplay, Spinner, useDocumentTitle } from '@portal/ui';
import { useTopic, useTopicActions } from '../../api/topics';
import { CommentList } from '../../components/CommentList';
import { groupPath, useGroupArea } from '../area/context';
import { parseId } from './parseId';
import './feed.css';

/** group-topic-detail: the topic, its like / favourite / read controls and the comments. */
export function TopicDetailPage() {
  const { t } = useTranslation('topics');
  const { groupId, rights } = useGroupArea();
  const topicId = parseId(useParams().topicId);
  const [search] = useSearchParams();
  const findId = parseId(search.get('commentSearchId') ?? undefined) ?? undefined;
  const topic = useTopic(groupId, topicId ?? 0);
  const actions = useTopicActions(groupId, topicId ?? 0);
  const navigate = useNavigate();
  useDocumentTitle(topic.data?.topic_title ?? t('detail.title'));

  const unread = topic.data && !topic.data.is_read;
  const seen = actions.markSeen;
  // Opening the topic reads it; once, so "mark unread" afterwards is not undone by a re-render.
  useEffect(() => {
    if (unread && seen.isIdle) seen.mutate();
  }, [unread, seen]);

  if (topicId === null) return <p role="alert">{t('detail.not_found')}</p>;
  if (topic.isPending) return <Spinner />;
  if (topic.isError) return <p role="alert">{t('common.load_failed')}</p>;
  const d = topic.data;
  const likesOn = d.how_nice.includes('1');
  const hideLikers = d.how_nice.includes('2');
  const commentsOn = d.comment_options.includes('1');

  return (
    <article className="ptop-detail" aria-labelledby="ptop-detail-title">
      <p>
        <Link to={groupPath(groupId, 'new-feed')}>{t('detail.back')}</Link>
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
        {rights.edit_topic && d.can_edit && !d.is_in_bin && (
          <Link className="pui-btn pui-btn--secondary pui-btn--sm" to={groupPath(groupId, `topic-update/${d.id}`)}>
            {t('detail.edit')}
          </Link>
        )}
      </header>
      {/* Safe only because the server sanitises topic HTML on save (apps/api topics/sanitize.ts). */}
      <div className="ptop-content" dangerouslySetInnerHTML={{ __html: d.content }} />
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
        <Button variant={d.is_favor ? 'primary' : 'secondary'} size="sm" aria-pressed={d.is_favor} onClick={() => actions.favorite.mutate(!d.is_favor)}>
          {d.is_favor ? t('detail.unfavorite') : t('detail.favorite')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.markUnread.mutate(undefined, { onSuccess: () => void navigate(groupPath(groupId, 'new-feed')) })}
        >
          {t('detail.mark_unread')}
        </Button>
      </div>
      {likesOn && !hideLikers && d.liker.length > 0 && (
        <p className="ptop-likers">{t('detail.likers', { names: d.liker.map((p) => p.name).join(t('detail.name_separator')) })}</p>
      )}
      {commentsOn ? (
        <CommentList groupId={groupId} topicId={d.id} allowAnonymous={d.comment_options.includes('2')} findId={findId} />
      ) : (
        <p className="pgrp-muted">{t('comments.off')}</p>
      )}
    </article>
  );
}
