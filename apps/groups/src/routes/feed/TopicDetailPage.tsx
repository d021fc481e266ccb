import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useBackTarget } from '@portal/ui/kit';
import { groupScope, TopicDetailView } from '@portal/content/topics';
import { groupPath, useGroupArea } from '../area/context';
import { parseId } from './parseId';

/** group-topic-detail: the shared topic view in this group's scope. */
export function TopicDetailPage() {
  const { t } = useTranslation('topics');
  const { groupId, rights } = useGroupArea();
  const topicId = parseId(useParams().topicId);
  const [search] = useSearchParams();
  const findId = parseId(search.get('commentSearchId') ?? undefined) ?? undefined;
  const back = useBackTarget(search.get('from'), { path: groupPath(groupId, 'new-feed'), label: t('detail.back') });
  if (topicId === null) return <p role="alert">{t('detail.not_found')}</p>;
  return (
    <TopicDetailView
      scope={groupScope(groupId)}
      topicId={topicId}
      findId={findId}
      backTo={back.path}
      backLabel={back.label}
      editHref={(d) => (rights.edit_topic && d.can_edit && !d.is_in_bin ? groupPath(groupId, `topic-update/${d.id}`) : null)}
    />
  );
}
