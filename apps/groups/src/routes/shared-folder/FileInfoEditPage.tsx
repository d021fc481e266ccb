import { useParams } from 'react-router';
import { FileInfoEditView, groupFileScope } from '@portal/content/files';
import { parseGroupId } from '../../api/group';
import { groupPath, useGroupArea } from '../area/context';

/** group/{id}/shared-folder/file/{fileId}/update-information: title and memo (role_edit_shared_folder). */
export function FileInfoEditPage() {
  const { groupId } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  return <FileInfoEditView scope={groupFileScope(groupId)} fileId={fileId} backTo={groupPath(groupId, `shared-folder/file/${fileId}`)} />;
}
