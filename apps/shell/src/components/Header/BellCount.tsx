import { useQuery } from '@tanstack/react-query';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { formatBadgeCount } from '@portal/ui';
import { $contentShown } from '../../stores/content';

/** Section 8: a failed count is only logged; the bell then shows no number. */
const quiet = { retry: 1, staleTime: 30_000, meta: { silent: true } } as const;

function useCount(kind: 1 | 2) {
  // Asked for once the page has shown its content (stores/content.ts), unless already cached.
  const enabled = useStore($contentShown);
  return (
    useQuery({
      queryKey: queryKeys.notificationCount(kind),
      queryFn: async () => (await api.call('notificationCount', { params: { kind } })).items.count,
      enabled,
      ...quiet,
    }).data ?? 0
  );
}

/**
 * The bell's unread items and unread likes (capped at +99, spec section 9). The same query keys as the
 * notifications remote, so its mark-read and the realtime notification events (realtime.ts
 * invalidates everything under 'notifications') change them without a reload.
 */
export function BellCount() {
  const { t } = useTranslation('shell');
  const unread = useCount(1);
  const likes = useCount(2);
  return (
    <span className="shell-bell__counts" data-testid="bell-counts" data-unread={unread} data-likes={likes}>
      {unread > 0 && (
        <span className="pui-badge shell-bell__badge" role="img" aria-label={t('nav.bell_unread', { count: unread })}>
          {formatBadgeCount(unread)}
        </span>
      )}
      {likes > 0 && (
        <span
          className="pui-badge shell-bell__badge shell-bell__badge--likes"
          role="img"
          aria-label={t('nav.bell_likes', { count: likes })}
        >
          {formatBadgeCount(likes)}
        </span>
      )}
    </span>
  );
}
