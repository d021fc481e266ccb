import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconImage, LetterColor, type GroupDetail } from '@portal/api-client/core';
import { Avatar } from '@portal/ui';
import { useApiImageSrc } from '@portal/content/kit';
import { CogIcon, UserCogIcon } from '../GroupIcons';
import './GroupHeader.css';

export interface GroupHeaderProps {
  group: Pick<GroupDetail, 'id' | 'name' | 'letter_color' | 'icon_image' | 'icon_image_small_path' | 'header_image'>;
  /** role_admin: cog icon. */
  admin: boolean;
  /** Other rights held (invite, shared folder, topic): user-cog icon. */
  otherRights: boolean;
}

/**
 * Spec section 2 "Group header": header image, small icon, name in white or black letters, a
 * role icon; the whole header links to the group top page.
 */
export function GroupHeader({ group, admin, otherRights }: GroupHeaderProps) {
  const { t } = useTranslation('groups');
  const tone = group.letter_color === LetterColor.BLACK ? 'black' : 'white';
  // Group images are served to members only: shown from signed links the browser caches.
  const headerSrc = useApiImageSrc(group.header_image);
  const iconSrc = useApiImageSrc(group.icon_image === IconImage.FILE_UPLOAD ? group.icon_image_small_path : null);
  const style = headerSrc ? { backgroundImage: `url(${JSON.stringify(headerSrc)})` } : undefined;
  return (
    <Link to={`/group/${group.id}`} className={`pgrp-header pgrp-header--${tone}`} style={style}>
      {group.icon_image !== IconImage.NONE &&
        (iconSrc ? (
          <img className="pgrp-header__icon" src={iconSrc} alt="" />
        ) : (
          <Avatar className="pgrp-header__icon" name={group.name} size="lg" />
        ))}
      <span className="pgrp-header__name">{group.name}</span>
      {admin ? (
        <span className="pgrp-header__role" role="img" aria-label={t('header.role_admin')} title={t('header.role_admin')}>
          <CogIcon />
        </span>
      ) : otherRights ? (
        <span className="pgrp-header__role" role="img" aria-label={t('header.role_other')} title={t('header.role_other')}>
          <UserCogIcon />
        </span>
      ) : null}
    </Link>
  );
}
