import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileDetail } from '@portal/api-client/core';
import { fetchFileBlob, filePaths } from '../../api/files';

/**
 * Inline preview of an image, video or PDF. The preview needs the bearer token, so the bytes are
 * fetched and shown from an object URL, released when the file changes or the page goes.
 */
export function FilePreview({ groupId, file }: { groupId: number; file: FileDetail }) {
  const { t } = useTranslation('files');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const shows = file.can_preview && (file.kind === 'image' || file.kind === 'video' || file.kind === 'pdf');
  useEffect(() => {
    setSrc(null);
    setFailed(false);
    if (!shows) return;
    let url: string | null = null;
    let live = true;
    fetchFileBlob(filePaths.preview(groupId, file.id))
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // A new version changes updated_at, so the preview is fetched again after an overwrite.
  }, [groupId, file.id, file.updated_at, shows]);

  if (!shows) return null;
  if (failed) return <p className="pgrp-muted">{t('detail.preview_failed')}</p>;
  if (!src) return <p className="pgrp-muted">{t('detail.preview_loading')}</p>;
  return (
    <div className="pfile-preview">
      {file.kind === 'image' && <img src={src} alt={file.title} />}
      {file.kind === 'video' && <video src={src} controls aria-label={file.title} />}
      {file.kind === 'pdf' && <iframe src={src} title={file.title} />}
    </div>
  );
}
