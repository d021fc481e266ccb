import { authorizedFetch } from './access-token';
import type { FirebaseConfig } from './config';
import { type PushMessage, SubscriptionGone } from '../../kernel';

/**
 * An FCM registration token as the Firebase SDKs hand it out (mobile apps, or a web app using
 * getToken): one opaque word of base64url characters and colons. A Web Push subscription (JSON)
 * or anything else is not sent to FCM.
 */
export function isFcmToken(token: string): boolean {
  return /^[A-Za-z0-9_:-]{32,4096}$/.test(token);
}

/** An FCM answer that is worth retrying later (the job runner backs off). */
export class FcmError extends Error {}

export interface FcmErrorBody {
  error?: {
    status?: string;
    message?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/** UNREGISTERED (404), or INVALID_ARGUMENT about the token itself: the token is dead for good. */
export function tokenIsDead(status: number, body: FcmErrorBody): boolean {
  const details = body.error?.details ?? [];
  const codes = details.map((d) => d.errorCode).filter(Boolean);
  if (status === 404) return codes.length === 0 || codes.includes('UNREGISTERED') || body.error?.status === 'NOT_FOUND';
  if (status !== 400) return false;
  // A 400 can also mean our payload is wrong: only forget the token when FCM blames the token.
  const onToken = details.some((d) => d.fieldViolations?.some((v) => v.field === 'message.token'));
  return onToken || /registration token/i.test(body.error?.message ?? '');
}

/**
 * One message to one device by the FCM HTTP v1 API. `notification` is what the OS shows; `data`
 * repeats it with the page to open (all strings, as FCM requires), so an app or a web client's
 * service worker can route a tap the same way as a Web Push. Throws SubscriptionGone for a dead
 * token and FcmError for anything to retry (429, 5xx, network); never logs or echoes the token.
 */
export async function sendFcm(
  fb: FirebaseConfig,
  token: string,
  msg: PushMessage,
  opts: { publicUrl: string; ttlSeconds: number; urgent: boolean },
): Promise<void> {
  const link = `${opts.publicUrl}${msg.redirect_to}`;
  const message = {
    token,
    notification: { title: msg.title, body: msg.body },
    data: { title: msg.title, body: msg.body, redirect_to: msg.redirect_to, link, isRead: String(msg.isRead), badge: String(msg.badge) },
    android: { priority: opts.urgent ? 'HIGH' : 'NORMAL', ttl: `${opts.ttlSeconds}s`, notification: { notification_count: msg.badge } },
    apns: { headers: { 'apns-priority': opts.urgent ? '10' : '5' }, payload: { aps: { badge: msg.badge } } },
    // FCM only accepts an HTTPS link for web clients.
    webpush: {
      headers: { TTL: String(opts.ttlSeconds), Urgency: opts.urgent ? 'high' : 'normal' },
      ...(link.startsWith('https://') ? { fcm_options: { link } } : {}),
    },
  };
  let res: Response;
  try {
    res = await authorizedFetch(fb, `${fb.fcmUrl}/v1/projects/${encodeURIComponent(fb.projectId)}/messages:send`, { message });
  } catch (err) {
    throw new FcmError(`fcm: request failed (${(err as Error).name})`);
  }
  if (res.ok) {
    await res.body?.cancel();
    return;
  }
  const body = (await res.json().catch(() => ({}))) as FcmErrorBody;
  if (tokenIsDead(res.status, body)) throw new SubscriptionGone(`fcm token gone (${res.status})`);
  throw new FcmError(`fcm: ${res.status} ${body.error?.status ?? ''}`.trim());
}
