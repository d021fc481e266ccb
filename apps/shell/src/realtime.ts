import { createWebSocketBus, type RealtimeBus } from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';
import { api } from '@portal/api-client/browser';
import { queryKeys } from '@portal/api-client/core';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The one realtime connection of the page. Remotes get it through `getRealtimeBus()`; it runs
 * while there is a token (the bus itself drops and re-opens the socket as the token changes).
 */
let bus: RealtimeBus | null = null;

export function getRealtimeBus(): RealtimeBus | null {
  return bus;
}

export function startRealtime(queryClient: QueryClient): () => void {
  bus = createWebSocketBus({
    getToken: () => $session.get().accessToken,
    watchToken: (cb) => $session.listen(cb),
    // A refused token is usually just expired: refresh it; the bus reconnects on the new one.
    onAuthFailure: () => {
      api.refresh().catch(() => undefined);
    },
  });
  // Another tab or device changed the settings: refetching the query re-applies language and
  // theme through the layout's settings effect.
  const off = bus.subscribe('settings.updated', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings() });
  });
  bus.start();
  const started = bus;
  return () => {
    off();
    started.stop();
    if (bus === started) bus = null;
  };
}
