import { Avatar, type AvatarProps } from '@portal/ui';
import { useApiImageSrc } from './imageSrc';

/**
 * An Avatar whose picture the API serves to colleagues only (avatars, group icons): shown from a
 * signed link the browser caches (see useApiImageSrc), initials until then or if it fails.
 */
export function ApiAvatar({ src, ...props }: AvatarProps) {
  return <Avatar {...props} src={useApiImageSrc(src)} />;
}
