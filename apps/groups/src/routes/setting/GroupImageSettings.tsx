import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconImage, type GroupDetail } from '@portal/api-client/core';
import { Button, useConfirm, useModal } from '@portal/ui';
import { useShowActionError } from '@portal/content/kit';
import { useDeleteGroupHeader, useSetGroupIcon } from '../../api/images';
import { ImageUploadField } from './ImageUploadField';
import './GroupImageSettings.css';

type IconMode = 'upload' | 'default' | 'none';
const modeOf = (iconImage: number): IconMode =>
  iconImage === IconImage.FILE_UPLOAD ? 'upload' : iconImage === IconImage.NONE ? 'none' : 'default';

interface Props {
  group: GroupDetail;
}

/**
 * Icon (spec icon_image: FILE_UPLOAD, DEFAULT, NONE). Default and none apply at once; leaving an
 * uploaded icon for either removes the file on the server, so that step is confirmed first.
 */
export function IconSetting({ group }: Props) {
  const { t } = useTranslation('groups');
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const setIcon = useSetGroupIcon(group.id);
  const [mode, setMode] = useState<IconMode>(modeOf(group.icon_image));

  const choose = async (next: IconMode) => {
    setMode(next);
    if (next === 'upload' || next === modeOf(group.icon_image)) return;
    if (group.icon_image === IconImage.FILE_UPLOAD) {
      const ok = await confirm({ title: t('images.icon'), message: t('images.remove_icon_confirm'), destructive: true });
      if (!ok) return setMode(modeOf(group.icon_image));
    }
    try {
      await setIcon.mutateAsync(next === 'none' ? IconImage.NONE : IconImage.DEFAULT);
      modal.success({ message: t('images.icon_saved') });
    } catch (err) {
      setMode(modeOf(group.icon_image));
      showError(err);
    }
  };

  return (
    <fieldset className="pgrp-section" disabled={setIcon.isPending}>
      <legend className="pui-field__label">{t('images.icon')}</legend>
      {(['upload', 'default', 'none'] as const).map((m) => (
        <label key={m}>
          <input type="radio" name="pgrp-icon-mode" value={m} checked={mode === m} onChange={() => void choose(m)} />{' '}
          {t(`info.icon_kind.${m}`)}
        </label>
      ))}
      {mode === 'upload' && (
        <ImageUploadField
          groupId={group.id}
          target="icon"
          label={t('images.icon_file')}
          currentPath={group.icon_image === IconImage.FILE_UPLOAD ? group.icon_image_path : null}
          currentFileName={group.icon_image === IconImage.FILE_UPLOAD ? group.icon_file_name : null}
          groupMaxMb={group.max_img_size_per_attachment}
        />
      )}
    </fieldset>
  );
}

/** Header image: upload (replaces the current one) or remove. */
export function HeaderImageSetting({ group }: Props) {
  const { t } = useTranslation('groups');
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const remove = useDeleteGroupHeader(group.id);

  const onRemove = async () => {
    const ok = await confirm({ title: t('images.header'), message: t('images.remove_header_confirm'), destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync();
      modal.success({ message: t('images.header_removed') });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div className="pgrp-section">
      <ImageUploadField
        groupId={group.id}
        target="header-image"
        label={t('images.header')}
        currentPath={group.header_image}
        currentFileName={group.header_file_name}
        groupMaxMb={group.max_img_size_per_attachment}
      />
      {group.header_image && (
        <Button variant="secondary" loading={remove.isPending} onClick={() => void onRemove()}>
          {t('images.remove_header')}
        </Button>
      )}
    </div>
  );
}
