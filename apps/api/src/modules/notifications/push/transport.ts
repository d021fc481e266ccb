import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from './vapid';
import { type PushMessage, SubscriptionGone, type WebPushSubscription } from '../../../kernel';

/**
 * Web Push with the `web-push` package: VAPID (RFC 8292) and an aes128gcm body (RFC 8291).
 * `agent` is only set by tests, whose loopback push service has a self-signed certificate.
 */
export const pushTransport: { agent: Agent | undefined; timeoutMs: number } = { agent: undefined, timeoutMs: 10_000 };

export async function sendWebPush(
  sub: WebPushSubscription,
  msg: PushMessage,
  vapid: VapidKeys,
  opts: { ttlSeconds: number; urgent: boolean },
): Promise<void> {
  try {
    await webpush.sendNotification(sub, JSON.stringify(msg), {
      vapidDetails: vapid,
      TTL: opts.ttlSeconds,
      urgency: opts.urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
      timeout: pushTransport.timeoutMs,
      ...(pushTransport.agent ? { agent: pushTransport.agent } : {}),
    });
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) throw new SubscriptionGone(`push subscription gone (${status})`);
    throw err;
  }
}
