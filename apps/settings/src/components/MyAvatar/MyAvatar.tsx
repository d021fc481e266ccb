import { Avatar } from '@portal/ui';
import { useApiImageSrc } from '@portal/content/kit';

/** An avatar the API serves to colleagues only, from a signed link (see useApiImageSrc). */
export function MyAvatar({ path, name, size = 'xl' }: { path: string | null; name: string; size?: 'md' | 'lg' | 'xl' }) {
  const src = useApiImageSrc(path);
  return <Avatar src={src} name={name} size={size} />;
}
