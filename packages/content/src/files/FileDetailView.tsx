import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileDetail } from '@portal/api-client/core';
import { Button, Spinner, useDocumentTitle } from '@portal/ui';
import { useShowActionError } from '../kit/useShowActionError';
import { downloadByLink } from '../kit/download';
import { FileHistory } from './FileHistory';
import { FileKindIcon } from './FileKindIcon';
import { FilePreview } from './FilePreview';
import { formatFileDateTime, formatFileSize } from './format';
import { useFileDetail, useFilesMutation } from './hooks';
import { fileCalls, filePaths, type FileScope } from './scope';
import './files.css';

export interface FileDetailViewProps {
  scope: FileScope;
  fileId: number;
  /** Where "back" leads (the list, or where the file was opened from) and its text. */
  backTo: string;
  backLabel?: string | undefined;
  /** The caller holds the right to change files here (role_edit_shared_folder, common_topic_role). */
  canEdit: boolean;
  /** The overwrite and update-information pages of this file. */
  overwriteHref: string;
  infoHref: string;
  /** Further actions of the caller (delete), shown with the others while the file may be changed. */
  children?: (file: FileDetail) => ReactNode;
}

/** A file's metadata, preview, download, favourite, read state and versions; group and common alike. */
export function FileDetailView({
  scope,
  fileId,
  backTo,
  backLabel,
  canEdit: mayEdit,
  overwriteHref,
  infoHref,
  children,
}: FileDetailViewProps) {
  const { t } = useTranslation('files');
  const detail = useFileDetail(scope, fileId);
  const file = detail.data;
  useDocumentTitle(file?.title ?? t('detail.title'));
  const showError = useShowActionError();
  const calls = fileCalls(scope, fileId);
  const favor = useFilesMutation(scope, calls.favorite);
  const read = useFilesMutation(scope, calls.markRead);
  const markRead = read.mutate;
  const unread = file !== undefined && !file.is_read;
  // Opening a file is reading it (spec: the unread mark goes once the detail was seen).
  useEffect(() => {
    if (unread) markRead(undefined);
  }, [unread, markRead]);

  if (detail.isPending) return <Spinner />;
  if (!file) return <p role="alert">{t('list.load_failed')}</p>;
  const canEdit = mayEdit && file.can_edit && !file.is_in_bin;

  return (
    <article className="pfile-detail" aria-labelledby="pfile-detail-title">
      <p>
        <Link to={backTo}>{backLabel ?? t('detail.back')}</Link>
      </p>
      <h1 id="pfile-detail-title" className="pui-page-title pfile-row__title">
        <FileKindIcon kind={file.kind} size={36} />
        {file.title}
      </h1>
      <div className="pfile-actions">
        <Button onClick={() => downloadByLink({ path: filePaths(scope).download(fileId) }, file.name).catch(showError)}>
          {t('detail.download')}
        </Button>
        <Button
          variant="secondary"
          aria-pressed={file.is_favor}
          disabled={favor.isPending}
          onClick={() => favor.mutate(!file.is_favor, { onError: showError })}
        >
          {t(file.is_favor ? 'detail.unfavor' : 'detail.favor')}
        </Button>
        {canEdit && (
          <>
            <Link className="pui-btn pui-btn--secondary pui-btn--md" to={overwriteHref}>
              {t('detail.overwrite')}
            </Link>
            <Link className="pui-btn pui-btn--secondary pui-btn--md" to={infoHref}>
              {t('detail.edit_info')}
            </Link>
            {children?.(file)}
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
        {scope.kind === 'group' && (
          <>
            <dt>{t('detail.folder')}</dt>
            <dd>{file.is_in_bin ? t('tabs.bin_name') : (file.folder.name ?? t('tabs.unclassified_name'))}</dd>
          </>
        )}
        <dt>{t('detail.creator')}</dt>
        <dd>{file.creator.name}</dd>
        <dt>{t('list.uploader')}</dt>
        <dd>{file.last_uploader.name}</dd>
        <dt>{t('detail.created_at')}</dt>
        <dd>{formatFileDateTime(file.created_at)}</dd>
        <dt>{t('detail.updated_at')}</dt>
        <dd>{formatFileDateTime(file.updated_at)}</dd>
        <dt>{t('detail.read_state')}</dt>
        <dd>{t(file.is_read || read.isSuccess ? 'detail.read' : 'detail.unread')}</dd>
        {file.date_remove !== null && (
          <>
            <dt>{t('detail.date_remove')}</dt>
            <dd>{formatFileDateTime(file.date_remove)}</dd>
          </>
        )}
        <dt>{t('detail.memo')}</dt>
        <dd>{file.memo || '—'}</dd>
      </dl>
      <FilePreview scope={scope} file={file} />
      <FileHistory scope={scope} fileId={fileId} canEdit={canEdit} />
    </article>
  );
}
