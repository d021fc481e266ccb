import type { ApiClient } from '@portal/api-client/core';
import { $session } from '@portal/api-client/session';
import { pushSupported as supported } from './push-support';
import { DEVICE_TOKEN_KEY, readDeviceToken } from './storage';

/**
 * Browser push (Web Push): the service worker /push-sw.js (apps/shell/public) shows messages;
 * this file keeps the server's copy of this browser's subscription current. Permission is only
 * ever asked from the notification bell (ui's NotificationBell on the login layout, which fires PERMISSION_EVENT);
 * nothing here asks on page load. Section 4: when permission is granted and the subscription
 * differs from the one last stored, it is sent (update-device-token) and stored; logout removes
 * it on the server (delete-device-token) and clears the stored copy. This file loads only when
 * there is something to sync (push-start.ts), not with every page.
 */
export const SW_URL = '/push-sw.js';

type Api = Pick<ApiClient, 'call'>;

function keyBytes(base64url: string): Uint8Array {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Subscribes if needed and tells the server; what happened, for tests and logs. */
export async function syncPushSubscription(api: Api): Promise<'sent' | 'same' | 'skipped'> {
  if (!supported() || Notification.permission !== 'granted' || !$session.get().accessToken) return 'skipped';
  await navigator.serviceWorker.register(SW_URL);
  // subscribe() needs an active worker; `ready` resolves once there is one.
  const reg = await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const { items } = await api.call('pushPublicKey', {});
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(items.public_key) as BufferSource });
  }
  const token = JSON.stringify(sub);
  if (token === readDeviceToken()) return 'same';
  await api.call('updateDeviceToken', { body: { token } });
  try {
    localStorage.setItem(DEVICE_TOKEN_KEY, token);
  } catch {
    // Without storage the token is sent again next time; the server upserts it.
  }
  return 'sent';
}
