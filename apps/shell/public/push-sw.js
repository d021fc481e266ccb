/*
 * The portal's service worker: shows Web Push messages and opens their page on click. It has no
 * fetch handler (nothing is cached offline) and lives at the site root so its scope is the
 * whole portal. A message is JSON: { title, body, redirect_to, isRead, badge } (see
 * apps/api/src/modules/notifications/push).
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const to =
    typeof data.redirect_to === 'string' && data.redirect_to.startsWith('/') && !data.redirect_to.startsWith('//') ? data.redirect_to : '/';
  event.waitUntil(
    (async () => {
      if (typeof data.badge === 'number' && self.navigator.setAppBadge) await self.navigator.setAppBadge(data.badge).catch(() => undefined);
      await self.registration.showNotification(data.title || 'Group Portal', {
        body: data.body || '',
        tag: to,
        data: { url: to },
        icon: '/favicon.ico',
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = open.find((c) => new URL(c.url).origin === url.origin);
      if (tab) {
        await tab.focus();
        // The SPA routes the path itself (src/session/push.ts) instead of reloading the page.
        tab.postMessage({ type: 'portal:open', url: url.pathname + url.search + url.hash });
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
