import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FileDetailView, groupFileScope } from '@portal/content/files';
import { useBackTarget } from '@portal/ui/kit';
import { parseGroupId } from '../../api/group';
import { groupPath, useGroupArea } from '../area/context';

/** group/{id}/shared-folder/file/{fileId}: metadata, preview, download, favourite, read state, versions. */
export function FileDetailPage() {
  const { groupId, rights } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  const { t } = useTranslation('files');
  const back = useBackTarget(useSearchParams()[0].get('from'), { path: groupPath(groupId, 'shared-folder'), label: t('detail.back') });
  const sub = (s: string) => groupPath(groupId, `shared-folder/file/${fileId}/${s}`);
  return (
    <FileDetailView
      scope={groupFileScope(groupId)}
      fileId={fileId}
      backTo={back.path}
      backLabel={back.label}
      canEdit={rights.edit_shared_folder}
      overwriteHref={sub('file-overwrite')}
      infoHref={sub('update-information')}
    />
  );
}
