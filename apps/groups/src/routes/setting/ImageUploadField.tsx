import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/api-client/core';
import { useModal } from '@portal/ui';
import { useApiImageSrc, useShowActionError } from '@portal/content/kit';
import { useUploadGroupImage } from '../../api/images';
import type { GroupImageTarget } from '../../api/upload';
import { checkImageFile, IMAGE_ACCEPT, maxImageMb, problemFromError, type ImageProblem } from './imageRules';

export interface ImageUploadFieldProps {
  groupId: number;
  target: GroupImageTarget;
  label: string;
  /** The stored image's URL (served to members only), or null. */
  currentPath: string | null;
  currentFileName: string | null | undefined;
  groupMaxMb: number;
}

/**
 * Choose a file → it is checked here, previewed at once and uploaded with a progress bar. The
 * preview of the chosen file stays until the server's copy is shown, so nothing flickers.
 */
export function ImageUploadField({ groupId, target, label, currentPath, currentFileName, groupMaxMb }: ImageUploadFieldProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  const modal = useModal();
  const showError = useShowActionError();
  const upload = useUploadGroupImage(groupId, target);
  const stored = useApiImageSrc(currentPath);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so choosing the same file again after an error fires another change.
    e.target.value = '';
    if (!file) return;
    const found = checkImageFile(file, groupMaxMb);
    setProblem(found);
    if (found) return;
    setLocalPreview(URL.createObjectURL(file));
    try {
      await upload.mutateAsync(file);
      modal.success({ message: t(target === 'icon' ? 'images.icon_saved' : 'images.header_saved') });
    } catch (err) {
      setLocalPreview(null);
      const refused = problemFromError(err, groupMaxMb);
      if (refused) setProblem(refused);
      else showError(err);
    }
  };

  const preview = localPreview ?? stored;
  const percent = upload.progress === null ? null : Math.round(upload.progress * 100);
  const errorId = `${id}-error`;
  return (
    <div className="pui-field pgrp-image-field">
      <label className="pui-field__label" htmlFor={id}>
        {label}
      </label>
      {preview && (
        <img
          className={`pgrp-image-field__preview pgrp-image-field__preview--${target}`}
          src={preview}
          alt={t('images.preview_alt', { label })}
        />
      )}
      {currentFileName && !localPreview && <p className="pgrp-muted">{t('images.current_file', { name: currentFileName })}</p>}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={upload.isPending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => void onChange(e)}
      />
      <p className="pgrp-muted">
        {t('images.rules', { max: maxImageMb(groupMaxMb), width: LIMITS.imageMinWidth, height: LIMITS.imageMinHeight })}
      </p>
      {percent !== null && (
        <div role="status">
          <progress max={100} value={percent} aria-label={t('images.uploading', { percent })} />
          <span>{t('images.uploading', { percent })}</span>
        </div>
      )}
      {problem && (
        <p id={errorId} className="pui-field__error" role="alert">
          {t(`images.errors.${problem.kind}`, problem)}
        </p>
      )}
    </div>
  );
}
