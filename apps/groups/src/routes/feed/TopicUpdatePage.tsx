import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@portal/api-client/core';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '@portal/ui/kit';
import { toBody, TopicForm, valuesOf } from '@portal/ui/topic-editor';
import { groupScope, useTopic, useTopicLock } from '@portal/ui/topics';
import { useSaveTopic } from '../../api/topics';
import { groupPath, useGroupArea } from '../area/context';
import { parseId } from './parseId';

/** group-topic-update: edits under the topic's edit lock (role_edit_topic). */
export function TopicUpdatePage() {
  const { t } = useTranslation('topics');
  const title = t('editor.update_title');
  useDocumentTitle(title);
  const { groupId } = useGroupArea();
  const topicId = parseId(useParams().topicId);
  if (topicId === null) return <p role="alert">{t('detail.not_found')}</p>;
  return (
    <section aria-labelledby="ptop-update-title">
      <h1 id="ptop-update-title" className="pui-page-title">
        {title}
      </h1>
      <LockedEditor groupId={groupId} topicId={topicId} />
    </section>
  );
}

function LockedEditor({ groupId, topicId }: { groupId: number; topicId: number }) {
  const { t } = useTranslation('topics');
  const lock = useTopicLock(groupScope(groupId), topicId);
  const topic = useTopic(groupScope(groupId), topicId);
  const { update } = useSaveTopic(groupId);
  const navigate = useNavigate();
  const showError = useShowActionError();
  // Fixed at first render: refetches must not reset what the user is typing.
  const [now] = useState(() => Date.now());
  const back = () => void navigate(groupPath(groupId, `topic/${topicId}`));

  const { state } = lock;
  if (state.kind === 'refused') {
    return (
      <p role="alert" className="ptop-lock-message">
        {state.userName ? t('editor.being_edited', { name: state.userName }) : t('editor.being_edited_unknown')}
      </p>
    );
  }
  if (state.kind === 'failed') return <p role="alert">{t('editor.lock_failed')}</p>;
  if (state.kind === 'pending' || topic.isPending) return <Spinner />;
  if (topic.isError) return <p role="alert">{t('common.load_failed')}</p>;
  const ended = state.kind === 'ended';

  return (
    <TopicForm
      initial={valuesOf(topic.data, now)}
      submitLabel={t('editor.save')}
      busy={update.isPending}
      disabled={ended}
      notice={
        ended && (
          <p role="alert" className="ptop-lock-message">
            {t('editor.session_ended')}
          </p>
        )
      }
      onCancel={back}
      onSubmit={(v) => {
        if (state.kind !== 'held') return;
        update.mutate(
          { topicId, body: toBody(v), lockToken: state.token },
          {
            onSuccess: back,
            onError: (err) => {
              if (err instanceof ApiError && err.code === 'EDIT_SESSION_ENDED') lock.markEnded();
              else showError(err);
            },
          },
        );
      }}
    />
  );
}
