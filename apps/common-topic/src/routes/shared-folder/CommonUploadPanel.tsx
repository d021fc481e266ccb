import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/api-client/core';
import { useModal } from '@portal/ui';
import { COMMON_FILE_SCOPE, UploadForm, uploadedCount } from '@portal/content/files';

/**
 * Upload to the common shared folder (spec section 2 gives the common area no file-create page, so
 * the form opens on the list). Common files have no folders; the per-file bound is the default
 * attachment size the API applies to them. `onClose(true)` once files were stored.
 */
export function CommonUploadPanel({ onClose }: { onClose: (stored: boolean) => void }) {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const modal = useModal();
  return (
    <section className="pct-upload" aria-labelledby="pct-upload-title">
      <h2 id="pct-upload-title" className="pfile-section-title">
        {t('create.title')}
      </h2>
      <UploadForm
        scope={COMMON_FILE_SCOPE}
        mode="create"
        maxMb={LIMITS.commonMaxFileMb}
        onDone={(body) => {
          modal.success({ message: tc('files.uploaded', { count: uploadedCount(body) }) });
          onClose(true);
        }}
        onCancel={() => onClose(false)}
      />
    </section>
  );
}
