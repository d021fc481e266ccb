import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { useFileDetail } from './hooks';
import type { FileScope } from './scope';
import { UploadForm } from './UploadForm';
import './files.css';

export interface FileOverwriteViewProps {
  scope: FileScope;
  fileId: number;
  maxMb: number;
  /** Done or cancelled: back here (the detail page). */
  backTo: string;
  /** The route's title for the document title, when it is not the page heading. */
  documentTitle?: string | undefined;
}

/** file-overwrite: upload one file as the new version. */
export function FileOverwriteView({ scope, fileId, maxMb, backTo, documentTitle }: FileOverwriteViewProps) {
  const { t } = useTranslation('files');
  useDocumentTitle(documentTitle ?? t('overwrite.title'));
  const detail = useFileDetail(scope, fileId);
  const navigate = useNavigate();
  const back = () => navigate(backTo);
  if (detail.isPending) return <Spinner />;
  if (!detail.data) return <p role="alert">{t('list.load_failed')}</p>;
  return (
    <section className="pfile-page" aria-labelledby="pfile-overwrite-title">
      <h1 id="pfile-overwrite-title" className="pui-page-title">
        {t('overwrite.title')}
      </h1>
      <p>{t('overwrite.current', { title: detail.data.title, version: detail.data.version })}</p>
      <UploadForm scope={scope} mode="overwrite" fileId={fileId} maxMb={maxMb} onDone={back} onCancel={back} />
    </section>
  );
}
