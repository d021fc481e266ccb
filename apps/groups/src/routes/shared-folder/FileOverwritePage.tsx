import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { parseGroupId } from '../../api/group';
import { filePaths, useFileDetail } from '../../api/files';
import { groupPath, useGroupArea } from '../area/context';
import { UploadForm } from './UploadForm';
import './files.css';

/** group/{id}/shared-folder/file/{fileId}/file-overwrite: upload a new version (role_edit_shared_folder). */
export function FileOverwritePage() {
  const { t } = useTranslation('files');
  useDocumentTitle(t('overwrite.title'));
  const { groupId, group } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  const detail = useFileDetail(groupId, fileId);
  const navigate = useNavigate();
  const back = () => navigate(groupPath(groupId, `shared-folder/file/${fileId}`));
  if (detail.isPending) return <Spinner />;
  if (!detail.data) return <p role="alert">{t('list.load_failed')}</p>;
  return (
    <section className="pfile-page" aria-labelledby="pfile-overwrite-title">
      <h1 id="pfile-overwrite-title" className="pui-page-title">
        {t('overwrite.title')}
      </h1>
      <p>{t('overwrite.current', { title: detail.data.title, version: detail.data.version })}</p>
      <UploadForm groupId={groupId} url={filePaths.overwrite(groupId, fileId)} mode="overwrite" maxMb={group.max_img_size_per_attachment} onDone={back} onCancel={back} />
    </section>
  );
}
