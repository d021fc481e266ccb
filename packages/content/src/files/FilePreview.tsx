import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileDetail } from '@portal/api-client/core';
import { Button } from '@portal/ui';
import { signUrl } from '../kit/signedUrl';
import { useShowsImages } from './hooks';
import { filePaths, type FileScope } from './scope';

interface Props {
  scope: FileScope;
  file: FileDetail;
}

/**
 * A signed link for an authenticated binary (a plain `src` cannot send the bearer token): the
 * browser then loads it itself, so a video streams with range requests and seeks, and an image
 * is cached. `failed` once signing or loading broke.
 */
function useSignedSrc(path: string): { src: string | null; failed: boolean; onError: () => void } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    setState({ src: null, failed: false });
    let live = true;
    signUrl({ path }).then(
      (src) => live && setState({ src, failed: false }),
      () => live && setState({ src: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return { ...state, onError: () => setState({ src: null, failed: true }) };
}

/** The whole file inline (image, video or PDF). */
function FullPreview({ scope, file }: Props) {
  const { t } = useTranslation('files');
  // The version is a cache key (`v`, which the API drops): after an overwrite the preview is a
  // new URL, not the browser's copy of the old one.
  const { src, failed, onError } = useSignedSrc(`${filePaths(scope).preview(file.id)}?v=${file.version}`);
  if (failed) return <p className="pfile-muted">{t('detail.preview_failed')}</p>;
  if (!src) return <p className="pfile-muted">{t('detail.preview_loading')}</p>;
  return (
    <div className="pfile-preview">
      {file.kind === 'image' && <img src={src} alt={file.title} onError={onError} />}
      {file.kind === 'video' && <video src={src} controls aria-label={file.title} onError={onError} />}
      {file.kind === 'pdf' && <iframe src={src} title={file.title} />}
    </div>
  );
}

/**
 * An image shown from its small thumbnail first (a photo may be many megabytes); the original is
 * fetched only when asked for, or when the thumbnail cannot be had.
 */
function ThumbnailPreview({ scope, file }: Props) {
  const { t } = useTranslation('files');
  const { src, failed, onError } = useSignedSrc(filePaths(scope).thumbnail(file));
  const [full, setFull] = useState(false);
  if (full || failed) return <FullPreview scope={scope} file={file} />;
  if (!src) return <p className="pfile-muted">{t('detail.preview_loading')}</p>;
  return (
    <div className="pfile-preview pfile-preview__thumb">
      <img src={src} alt={file.title} onError={onError} />
      <Button variant="secondary" onClick={() => setFull(true)}>
        {t('detail.show_full')}
      </Button>
    </div>
  );
}

/**
 * Inline preview of an image, video or PDF. Pictures (images, video) appear by themselves only
 * when the user's setting_display.display_image_video allows it; otherwise one click shows them.
 */
export function FilePreview({ scope, file }: Props) {
  const { t } = useTranslation('files');
  const showsImages = useShowsImages();
  const [asked, setAsked] = useState(false);
  const picture = file.kind === 'image' || file.kind === 'video';
  if (!file.can_preview || !(picture || file.kind === 'pdf')) return null;
  if (picture && !showsImages && !asked) {
    return (
      <div className="pfile-preview">
        <Button variant="secondary" onClick={() => setAsked(true)}>
          {t('detail.show_preview')}
        </Button>
      </div>
    );
  }
  if (file.kind === 'image' && file.has_thumbnail) return <ThumbnailPreview scope={scope} file={file} />;
  return <FullPreview scope={scope} file={file} />;
}
