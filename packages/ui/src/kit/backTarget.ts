import { useTranslation } from 'react-i18next';

export interface BackTarget {
  path: string;
  label: string;
}

/** The lists that open a detail page with `?from=…` (spec section 2), and where "back" returns. */
const FROM: Record<string, { path: string; key: string }> = {
  home: { path: '/', key: 'back.home' },
  notification: { path: '/notification/unread', key: 'back.unread' },
  unread: { path: '/notification/unread', key: 'back.unread' },
  like: { path: '/notification/like', key: 'back.like' },
  favourite: { path: '/notification/favourite', key: 'back.favourite' },
  favorite: { path: '/notification/favourite', key: 'back.favourite' },
};

/**
 * Where a detail page's back link leads: the list it was opened from (the `from` query: home,
 * the unread, like or favourite lists), or the page's own list for anything else.
 */
export function useBackTarget(from: string | null, fallback: BackTarget): BackTarget {
  const { t } = useTranslation('ui');
  const known = from ? FROM[from] : undefined;
  return known ? { path: known.path, label: t(known.key) } : fallback;
}
