import type { ApiClient } from '@portal/api-client/core';
import { $session } from '@portal/api-client/session';
import { PERMISSION_EVENT } from '@portal/ui';
import { navigateTo } from './navigation';
import { pushSupported } from './push-support';

type Api = Pick<ApiClient, 'call'>;

/**
 * Syncs after login and after the bell got permission; routes a clicked push inside the SPA.
 * The subscription code (push.ts) is fetched only when a sync runs: a browser without push
 * permission, like most on their first visit, never downloads it. The sync of a start with
 * permission already granted runs through `later` (the shell: once the page has shown its
 * content), since it adds a chunk and calls nobody waits for.
 */
export function startPushSync(api: Api, later: (start: () => void) => void = (start) => start()): void {
  if (!pushSupported()) return;
  const sync = () =>
    void import('./push')
      .then((push) => push.syncPushSubscription(api))
      .catch((e: unknown) => console.warn('[push] subscription not stored', e));
  let user = $session.get().user?.id ?? null;
  $session.listen((s) => {
    const next = s.accessToken ? (s.user?.id ?? null) : null;
    if (next !== user && next !== null && Notification.permission === 'granted') sync();
    user = next;
  });
  window.addEventListener(PERMISSION_EVENT, sync);
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string; url?: string }>) => {
    const url = e.data?.url;
    if (e.data?.type === 'portal:open' && typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) navigateTo(url);
  });
  if (Notification.permission === 'granted') later(sync);
}
