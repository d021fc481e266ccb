import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, useConfirm, useModal } from '@portal/ui';
import { useBackTarget } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { COMMON_SCOPE, TopicDetailView } from '@portal/content/topics';
import { useDeleteCommonTopic, useMe } from '../../api/commonTopics';
import { AreaNav } from '../AreaNav';
import { parseId } from './paths';

/** common-topic-new-feed-topic-detail (`from`, optional `commentSearchId`). */
export function CommonTopicDetailPage() {
  const { t } = useTranslation('topics');
  const topicId = parseId(useParams().topicId);
  const [search] = useSearchParams();
  const findId = parseId(search.get('commentSearchId') ?? undefined) ?? undefined;
  const { t: tc } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const back = useBackTarget(search.get('from'), { path: '/common-topic/topics', label: tc('detail.back') });
  const backTo = back.path;
  const me = useMe();
  const author = Boolean(me.data?.common_topic_role);
  if (topicId === null) return <p role="alert">{t('detail.not_found')}</p>;
  return (
    <>
      <AreaNav />
      <TopicDetailView
        scope={COMMON_SCOPE}
        topicId={topicId}
        findId={findId}
        backTo={backTo}
        backLabel={back.label}
        editHref={(d) => (author && d.can_edit ? `/common-topic/topic-update/${d.id}` : null)}
      >
        {(d) => (author && d.can_edit ? <DeleteTopic topicId={d.id} title={d.topic_title} backTo={backTo} /> : null)}
      </TopicDetailView>
    </>
  );
}

function DeleteTopic({ topicId, title, backTo }: { topicId: number; title: string; backTo: string }) {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const confirm = useConfirm();
  const modal = useModal();
  const navigate = useNavigate();
  const showError = useShowActionError();
  const remove = useDeleteCommonTopic();
  const run = async () => {
    if (!(await confirm({ message: t('detail.delete_confirm', { title }), confirmLabel: t('detail.delete'), destructive: true }))) return;
    remove.mutate(topicId, {
      onSuccess: () => {
        modal.success({ message: t('detail.deleted') });
        void navigate(backTo);
      },
      onError: showError,
    });
  };
  return (
    <p className="pct-danger-zone">
      <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => void run()}>
        {t('detail.delete')}
      </Button>
    </p>
  );
}
