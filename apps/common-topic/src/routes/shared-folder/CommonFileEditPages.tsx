import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LIMITS } from '@portal/api-client/core';
import { Spinner, useDocumentTitle } from '@portal/ui';
import { COMMON_FILE_SCOPE, FileInfoEditView, FileOverwriteView } from '@portal/content/files';
import { useMe } from '../../api/commonTopics';
import { AreaNav } from '../AreaNav';
import { parseId } from '../topics/paths';
import { fileDetailPath } from './paths';

/** Waiting or refused: the route's title on a page that holds only this. */
function Plain({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

interface Allowed {
  fileId: number;
  backTo: string;
  title: string;
}

/**
 * The pages that change a file are for holders of the common-topic right only (the API refuses
 * the rest too). The shared view sets the document title itself, from the route's title.
 */
function RequireCommonRight({ titleKey, children }: { titleKey: string; children: (a: Allowed) => ReactNode }) {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const { t: tf } = useTranslation('files');
  const fileId = parseId(useParams().fileId);
  const [search] = useSearchParams();
  const me = useMe();
  const title = t(titleKey);
  let body: ReactNode;
  if (me.isPending)
    body = (
      <Plain title={title}>
        <Spinner />
      </Plain>
    );
  else if (fileId === null)
    body = (
      <Plain title={title}>
        <p role="alert">{tf('list.load_failed')}</p>
      </Plain>
    );
  else if (!me.data?.common_topic_role)
    body = (
      <Plain title={title}>
        <p role="alert">{t('files.no_right')}</p>
      </Plain>
    );
  else body = children({ fileId, backTo: fileDetailPath(fileId, search.get('from')), title });
  return (
    <>
      <AreaNav />
      {body}
    </>
  );
}

/** common-topic shared-folder/file/{fileId}/file-overwrite: one file as the new version. */
export function CommonFileOverwritePage() {
  return (
    <RequireCommonRight titleKey="routes.file_overwrite">
      {(a) => (
        <FileOverwriteView
          scope={COMMON_FILE_SCOPE}
          fileId={a.fileId}
          maxMb={LIMITS.commonMaxFileMb}
          backTo={a.backTo}
          documentTitle={a.title}
        />
      )}
    </RequireCommonRight>
  );
}

/** common-topic shared-folder/file/{fileId}/update-information: title and memo. */
export function CommonFileInfoPage() {
  return (
    <RequireCommonRight titleKey="routes.file_update_information">
      {(a) => <FileInfoEditView scope={COMMON_FILE_SCOPE} fileId={a.fileId} backTo={a.backTo} documentTitle={a.title} />}
    </RequireCommonRight>
  );
}
