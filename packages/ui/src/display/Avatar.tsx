import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const SIZES = { xs: 20, sm: 28, md: 36, lg: 56, xl: 96 } as const;

/**
 * Latin names give two initials ("Taro Yamada" → "TY"); Japanese names give their first
 * character ("山田 太郎" → "山"), which is how Japanese UIs abbreviate people.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '?';
  const latin = words.every((w) => /^[\p{Script=Latin}\d'.-]+$/u.test(w));
  if (latin && words.length > 1) {
    return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
  }
  return (Array.from(words[0]!)[0] ?? '?').toUpperCase();
}

export interface AvatarProps {
  src?: string | null;
  name: string;
  size?: keyof typeof SIZES | number;
  className?: string;
  /**
   * The name is already written next to the avatar (lists, menus): hide the picture from
   * assistive technology so links and rows are not announced with the name twice.
   */
  decorative?: boolean;
}

/** A round picture, or the person's initials when there is none or it fails to load. */
export function Avatar({ src, name, size = 'md', className, decorative = false }: AvatarProps) {
  const { t } = useTranslation('ui');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const px = typeof size === 'number' ? size : SIZES[size];
  const alt = t('avatar.alt', { name });
  const style = { width: px, height: px, fontSize: Math.max(10, Math.round(px * 0.42)) };
  const classes = ['pui-avatar', className].filter(Boolean).join(' ');

  if (src && failedSrc !== src) {
    return <img className={classes} src={src} alt={decorative ? '' : alt} style={style} loading="lazy" onError={() => setFailedSrc(src)} />;
  }
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt };
  return (
    <span className={`${classes} pui-avatar--initials`} {...label} style={style}>
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
