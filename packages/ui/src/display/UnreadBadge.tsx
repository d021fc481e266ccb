import { useTranslation } from 'react-i18next';

/** Spec section 9: counts above 99 show as '+99'. */
export const UNREAD_BADGE_CAP = 99;

export function formatBadgeCount(count: number, cap: number = UNREAD_BADGE_CAP): string {
  return count > cap ? `+${cap}` : String(count);
}

export interface UnreadBadgeProps {
  count: number;
  /** Notifications are off for this group: a grey dot replaces the number. */
  muted?: boolean;
  className?: string;
}

export function UnreadBadge({ count, muted = false, className }: UnreadBadgeProps) {
  const { t } = useTranslation('ui');
  if (muted) {
    return (
      <span className={['pui-badge', 'pui-badge--muted', className].filter(Boolean).join(' ')} role="img" aria-label={t('badge.muted')} />
    );
  }
  if (!Number.isFinite(count) || count <= 0) return null;
  return (
    // role="img": a plain span may not carry aria-label (axe aria-prohibited-attr), and an image's
    // content is not read, so the digits need no aria-hidden wrapper.
    <span className={['pui-badge', className].filter(Boolean).join(' ')} role="img" aria-label={t('badge.unread', { count })}>
      {formatBadgeCount(Math.floor(count))}
    </span>
  );
}
