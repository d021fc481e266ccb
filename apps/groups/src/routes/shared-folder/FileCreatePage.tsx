import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@portal/ui';
import { groupFileScope, UploadForm } from '@portal/content/files';
import { useFileFolders } from '../../api/files';
import { groupPath, useGroupArea } from '../area/context';

/** group/{id}/shared-folder/file-create (role_edit_shared_folder). */
export function FileCreatePage() {
  const { t } = useTranslation('files');
  useDocumentTitle(t('create.title'));
  const { groupId, group } = useGroupArea();
  const folders = useFileFolders(groupId);
  const navigate = useNavigate();
  const back = () => navigate(groupPath(groupId, 'shared-folder'));
  return (
    <section className="pfile-page" aria-labelledby="pfile-create-title">
      <h1 id="pfile-create-title" className="pui-page-title">
        {t('create.title')}
      </h1>
      <UploadForm
        scope={groupFileScope(groupId)}
        mode="create"
        maxMb={group.max_img_size_per_attachment}
        folders={folders.data ?? []}
        onDone={back}
        onCancel={back}
      />
    </section>
  );
}
