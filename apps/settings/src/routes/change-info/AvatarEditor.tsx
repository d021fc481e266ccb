import { useEffect, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type AvatarCrop, type MyProfile } from '@portal/api-client/core';
import { Button, Dialog, useConfirm } from '@portal/ui';
import { FormError } from '@portal/ui/kit';
import { MyAvatar } from '../../components/MyAvatar';
import { useDeleteAvatar, useUploadAvatar } from '../../api/profile';
import { checkImageFile, checkImageSize, clampCrop, initialCrop } from './crop';

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

const VIEW = 320;

/** The current avatar, a file picker checked against the spec's image rules, and a square crop. */
export function AvatarEditor({ profile }: { profile: MyProfile['profile'] }) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const confirm = useConfirm();
  const name = `${profile.last_name} ${profile.first_name}`.trim() || 'User';

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setError(null);
    if (!file) return;
    const bad = checkImageFile(file);
    if (bad) return setError(bad);
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      const tooSmall = checkImageSize(img.naturalWidth, img.naturalHeight);
      if (tooSmall) {
        URL.revokeObjectURL(url);
        setError(tooSmall);
      } else setPicked({ file, url, width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setError('validation.image_type');
    };
    img.src = url;
  };

  const onRemove = async () => {
    if (await confirm({ message: t('info.avatar.remove_confirm') })) remove.mutate();
  };

  return (
    <div className="pset-avatar">
      <MyAvatar path={profile.avatar} name={name} />
      <div className="pset-avatar__actions">
        <label className="pui-btn pui-btn--secondary pui-btn--md">
          {t('info.avatar.choose')}
          <input type="file" accept="image/jpeg,image/png,image/gif" className="pui-visually-hidden" onChange={onFile} />
        </label>
        {profile.avatar && (
          <Button variant="secondary" onClick={() => void onRemove()} loading={remove.isPending}>
            {t('info.avatar.remove')}
          </Button>
        )}
        <p className="pui-field__hint">
          {t('info.avatar.hint', { width: LIMITS.imageMinWidth, height: LIMITS.imageMinHeight, max: LIMITS.imageMaxMb })}
        </p>
        <FormError message={error} values={{ width: LIMITS.imageMinWidth, height: LIMITS.imageMinHeight, max: LIMITS.imageMaxMb }} />
      </div>
      {picked && (
        <CropDialog
          picked={picked}
          busy={upload.isPending}
          onCancel={() => setPicked(null)}
          onSave={async (crop) => {
            try {
              await upload.mutateAsync({ file: picked.file, crop });
              setPicked(null);
            } catch {
              // Refusals are shown by the shell's global handler; the dialog stays for another try.
            }
          }}
        />
      )}
    </div>
  );
}

function CropDialog({
  picked,
  busy,
  onCancel,
  onSave,
}: {
  picked: Picked;
  busy: boolean;
  onCancel: () => void;
  onSave: (c: AvatarCrop) => void;
}) {
  const { t } = useTranslation('settings');
  const { width, height } = picked;
  const [crop, setCrop] = useState(() => initialCrop(width, height));
  const scale = VIEW / Math.max(width, height);
  const drag = useRef<{ x: number; y: number; start: AvatarCrop } | null>(null);
  const set = (c: Partial<AvatarCrop>) => setCrop((prev) => clampCrop({ ...prev, ...c }, width, height));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) set({ x: d.start.x + (e.clientX - d.x) / scale, y: d.start.y + (e.clientY - d.y) / scale });
  };
  const slider = (key: keyof AvatarCrop, min: number, max: number) => (
    <label className="pset-crop__slider">
      {t(`info.avatar.crop_${key}`)}
      <input type="range" min={min} max={Math.max(min, max)} value={crop[key]} onChange={(e) => set({ [key]: Number(e.target.value) })} />
    </label>
  );

  return (
    <Dialog titleId="pset-crop-title" descriptionId="pset-crop-desc" onDismiss={onCancel}>
      <h2 id="pset-crop-title">{t('info.avatar.crop_title')}</h2>
      <p id="pset-crop-desc">{t('info.avatar.crop_lead')}</p>
      <div className="pset-crop" style={{ width: width * scale, height: height * scale }}>
        <img src={picked.url} alt="" width={width * scale} height={height * scale} />
        <div
          className="pset-crop__box"
          data-testid="crop-box"
          style={{ left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
        />
      </div>
      {slider('size', Math.min(100, width, height), Math.min(width, height))}
      {slider('x', 0, width - crop.size)}
      {slider('y', 0, height - crop.size)}
      <div className="pset-form__actions">
        <Button onClick={() => onSave(crop)} loading={busy}>
          {t('info.avatar.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('info.avatar.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
