import { useParams } from 'react-router';
import { FileOverwriteView, groupFileScope } from '@portal/content/files';
import { parseGroupId } from '../../api/group';
import { groupPath, useGroupArea } from '../area/context';

/** group/{id}/shared-folder/file/{fileId}/file-overwrite: upload a new version (role_edit_shared_folder). */
export function FileOverwritePage() {
  const { groupId, group } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  return (
    <FileOverwriteView
      scope={groupFileScope(groupId)}
      fileId={fileId}
      maxMb={group.max_img_size_per_attachment}
      backTo={groupPath(groupId, `shared-folder/file/${fileId}`)}
    />
  );
}
