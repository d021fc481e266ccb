import { useParams } from 'react-router';
import { FileDetailView, groupFileScope } from '@portal/ui/files';
import { parseGroupId } from '../../api/group';
import { groupPath, useGroupArea } from '../area/context';

/** group/{id}/shared-folder/file/{fileId}: metadata, preview, download, favourite, read state, versions. */
export function FileDetailPage() {
  const { groupId, rights } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  const sub = (s: string) => groupPath(groupId, `shared-folder/file/${fileId}/${s}`);
  return (
    <FileDetailView
      scope={groupFileScope(groupId)}
      fileId={fileId}
      backTo={groupPath(groupId, 'shared-folder')}
      canEdit={rights.edit_shared_folder}
      overwriteHref={sub('file-overwrite')}
      infoHref={sub('update-information')}
    />
  );
}
