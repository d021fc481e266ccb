import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '@portal/api-client/browser';
import { Button, Spinner, useDocumentTitle } from '@portal/ui';
import { parseGroupId } from '../../api/group';
import { fetchFileBlob, filePaths, saveBlob, useFileDetail, useFilesMutation } from '../../api/files';
import { useShowActionError } from '@portal/ui/kit';
import { FileKindIcon } from '../../components/FileKindIcon';
import { formatFileSize } from '../../components/FileRow';
import { formatDateTime } from '../../components/format';
import { groupPath, useGroupArea } from '../area/context';
import { FileHistory } from './FileHistory';
import { FilePreview } from './FilePreview';
import './files.css';

/** group/{id}/shared-folder/file/{fileId}: metadata, preview, download, favourite, read state, versions. */
export function FileDetailPage() {
  const { t } = useTranslation('files');
  const { groupId, rights } = useGroupArea();
  const fileId = parseGroupId(useParams().fileId) ?? 0;
  const detail = useFileDetail(groupId, fileId);
  const file = detail.data;
  useDocumentTitle(file?.title ?? t('detail.title'));
  const showError = useShowActionError();
  const favor = useFilesMutation(groupId, (is_favor: boolean) => api.call('favoriteFile', { params: { id: groupId, fileId }, body: { is_favor } }));
  const read = useFilesMutation(groupId, () => api.call('markFileRead', { params: { id: groupId, fileId } }));
  const markRead = read.mutate;
  const unread = file !== undefined && !file.is_read;
  // Opening a file is reading it (spec: the unread mark goes once the detail was seen).
  useEffect(() => {
    if (unread) markRead(undefined);
  }, [unread, markRead]);

  if (detail.isPending) return <Spinner />;
  if (!file) return <p role="alert">{t('list.load_failed')}</p>;
  const canEdit = rights.edit_shared_folder && file.can_edit && !file.is_in_bin;
  const sub = (s: string) => groupPath(groupId, `shared-folder/file/${fileId}/${s}`);

  return (
    <article className="pfile-detail" aria-labelledby="pfile-detail-title">
      <p>
        <Link to={groupPath(groupId, 'shared-folder')}>{t('detail.back')}</Link>
      </p>
      <h1 id="pfile-detail-title" className="pui-page-title pfile-row__title">
        <FileKindIcon kind={file.kind} size={36} />
        {file.title}
      </h1>
      <div className="pfile-actions">
        <Button onClick={() => fetchFileBlob(filePaths.download(groupId, fileId)).then((b) => saveBlob(b, file.name), showError)}>
          {t('detail.download')}
        </Button>
        <Button variant="secondary" aria-pressed={file.is_favor} disabled={favor.isPending} onClick={() => favor.mutate(!file.is_favor, { onError: showError })}>
          {t(file.is_favor ? 'detail.unfavor' : 'detail.favor')}
        </Button>
        {canEdit && (
          <>
            <Link className="pui-btn pui-btn--secondary pui-btn--md" to={sub('file-overwrite')}>
              {t('detail.overwrite')}
            </Link>
            <Link className="pui-btn pui-btn--secondary pui-btn--md" to={sub('update-information')}>
              {t('detail.edit_info')}
            </Link>
          </>
        )}
      </div>
      <dl>
        <dt>{t('detail.name')}</dt>
        <dd>{file.name}</dd>
        <dt>{t('list.size')}</dt>
        <dd>{formatFileSize(file.size)}</dd>
        <dt>{t('detail.version')}</dt>
        <dd>v{file.version}</dd>
        <dt>{t('detail.folder')}</dt>
        <dd>{file.is_in_bin ? t('tabs.bin_name') : (file.folder.name ?? t('tabs.unclassified_name'))}</dd>
        <dt>{t('detail.creator')}</dt>
        <dd>{file.creator.name}</dd>
        <dt>{t('list.uploader')}</dt>
        <dd>{file.last_uploader.name}</dd>
        <dt>{t('detail.created_at')}</dt>
        <dd>{formatDateTime(file.created_at)}</dd>
        <dt>{t('detail.updated_at')}</dt>
        <dd>{formatDateTime(file.updated_at)}</dd>
        <dt>{t('detail.read_state')}</dt>
        <dd>{t(file.is_read || read.isSuccess ? 'detail.read' : 'detail.unread')}</dd>
        {file.date_remove !== null && (
          <>
            <dt>{t('detail.date_remove')}</dt>
            <dd>{formatDateTime(file.date_remove)}</dd>
          </>
        )}
        <dt>{t('detail.memo')}</dt>
        <dd>{file.memo || '—'}</dd>
      </dl>
      <FilePreview groupId={groupId} file={file} />
      <FileHistory groupId={groupId} fileId={fileId} canEdit={canEdit} />
    </article>
  );
}
