import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/api-client/core';
import { Button } from '@portal/ui';
import { formatFileSize } from '../files/format';
import { useApiImageSrc } from '../kit/imageSrc';
import { useShowActionError } from '../kit/useShowActionError';
import { COMMENT_IMAGE_TYPES, fitCommentFiles, uploadCommentImage } from './commentFiles';
import type { TopicScope } from './scope';

interface CommentAttachmentsProps {
  scope: TopicScope;
  files: File[];
  images: string[];
  maxFileMb: number;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onImages: (images: string[]) => void;
}

/**
 * A comment's files (sent with it) and inline images (uploaded at once, inserted below the text
 * on send). Files over the group's size or beyond LIMITS.maxFilesPerUpload are refused here with
 * the reason; the server checks again.
 */
export function CommentAttachments({ scope, files, images, maxFileMb, disabled, onFiles, onImages }: CommentAttachmentsProps) {
  const { t } = useTranslation('topics');
  const showError = useShowActionError();
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  const addFiles = (picked: File[]) => {
    const { accepted, tooLarge, overCount } = fitCommentFiles(picked, files.length, maxFileMb);
    const found = tooLarge.map((f) => t('comments.files_too_large', { name: f.name, mb: maxFileMb }));
    if (overCount > 0) found.push(t('comments.files_too_many', { max: LIMITS.maxFilesPerUpload, count: overCount }));
    setProblems(found);
    if (accepted.length) onFiles([...files, ...accepted]);
  };
  const addImage = async (file: File) => {
    if (!(COMMENT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setProblems([t('comments.image_not_image', { name: file.name })]);
      return;
    }
    setProblems([]);
    setUploading(true);
    try {
      onImages([...images, await uploadCommentImage(scope, file)]);
    } catch (err) {
      showError(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="ptop-comment-form__attach">
      {files.length > 0 && (
        <ul className="ptop-attach-field__list" aria-label={t('comments.files_list')}>
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`} className="ptop-attach-field__item">
              <span className="ptop-attach-field__name">{f.name}</span>
              <span className="ptop-muted">{formatFileSize(f.size)}</span>
              <Button variant="link" size="sm" onClick={() => onFiles(files.filter((_, j) => j !== i))}>
                {t('comments.remove_file', { name: f.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <ul className="ptop-comment-form__images" aria-label={t('comments.images_list')}>
          {images.map((src, i) => (
            <li key={src}>
              <PendingImage src={src} alt={t('comments.image_alt', { n: i + 1 })} />
              <Button variant="link" size="sm" onClick={() => onImages(images.filter((s) => s !== src))}>
                {t('comments.remove_image', { n: i + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="ptop-comment-form__pickers">
        <label className="ptop-attach-field__pick">
          <span className="pui-btn pui-btn--secondary pui-btn--sm">{t('comments.files_pick')}</span>
          <input
            type="file"
            multiple
            className="pui-visually-hidden"
            disabled={disabled || files.length >= LIMITS.maxFilesPerUpload}
            onChange={(e) => {
              addFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </label>
        <label className="ptop-attach-field__pick">
          <span className="pui-btn pui-btn--secondary pui-btn--sm">{t('comments.image_pick')}</span>
          <input
            type="file"
            accept={COMMENT_IMAGE_TYPES.join(',')}
            className="pui-visually-hidden"
            disabled={disabled || uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void addImage(file);
            }}
          />
        </label>
        {uploading && (
          <span className="ptop-muted" role="status">
            {t('comments.uploading')}
          </span>
        )}
      </div>
      {problems.map((p) => (
        <p key={p} role="alert" className="pui-field__error">
          {p}
        </p>
      ))}
    </div>
  );
}

/** An uploaded inline image, shown from its signed link like the images in content. */
function PendingImage({ src, alt }: { src: string; alt: string }) {
  const url = useApiImageSrc(src);
  return url ? <img className="ptop-comment-form__image" src={url} alt={alt} /> : <span className="ptop-muted">{alt}</span>;
}
