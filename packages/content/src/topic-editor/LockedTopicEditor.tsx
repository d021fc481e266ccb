import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { Spinner } from '@portal/ui';
import { useShowActionError } from '../kit/useShowActionError';
import { useTopic } from '../topics/hooks';
import type { TopicScope } from '../topics/scope';
import { useTopicLock } from '../topics/useTopicLock';
import { TopicForm } from './TopicForm';
import { topicFieldErrors, valuesOf, type TopicFormErrors, type TopicFormValues } from './values';

export interface LockedTopicEditorProps {
  scope: TopicScope;
  topicId: number;
  /** Common topics: the groups it may be sent to. */
  destinations?: { id: number; name: string }[];
  /** Largest attachment in MB (see TopicForm). */
  maxFileMb: number;
  /** Saves under the held lock, reporting upload progress; rejects with the API's error. */
  save: (values: TopicFormValues, lockToken: string, onProgress: (fraction: number) => void) => Promise<unknown>;
  onDone: () => void;
}

/**
 * The edit page's body: takes the topic's edit lock, shows who holds it when refused, and keeps
 * what was typed when the server says the edit session ended (the lock expired and was taken).
 */
export function LockedTopicEditor({ scope, topicId, destinations, maxFileMb, save, onDone }: LockedTopicEditorProps) {
  const { t } = useTranslation('topics');
  const lock = useTopicLock(scope, topicId);
  const topic = useTopic(scope, topicId);
  const showError = useShowActionError();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<TopicFormErrors | null>(null);
  // Fixed at first render: refetches must not reset what the user is typing.
  const [now] = useState(() => Date.now());

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

  const submit = async (v: TopicFormValues, onProgress: (fraction: number) => void) => {
    if (state.kind !== 'held' || busy) return;
    setBusy(true);
    setServerErrors(null);
    try {
      await save(v, state.token, onProgress);
      onDone();
    } catch (err) {
      const fields = topicFieldErrors(err);
      if (err instanceof ApiError && err.code === 'EDIT_SESSION_ENDED') lock.markEnded();
      else if (fields) setServerErrors(fields);
      else showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <TopicForm
      scope={scope}
      initial={valuesOf(topic.data, now)}
      maxFileMb={maxFileMb}
      {...(destinations ? { destinations } : {})}
      submitLabel={t('editor.save')}
      busy={busy}
      serverErrors={serverErrors}
      disabled={ended}
      notice={
        ended && (
          <p role="alert" className="ptop-lock-message">
            {t('editor.session_ended')}
          </p>
        )
      }
      onCancel={onDone}
      onSubmit={(v, onProgress) => void submit(v, onProgress)}
    />
  );
}
