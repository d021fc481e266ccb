/**
 * A device token is what the browser gave us: for Web Push, the JSON of its PushSubscription
 * ({ endpoint, keys: { p256dh, auth } }). Anything else (an FCM registration token) is stored
 * for the spec's counter reset but not pushed to by this transport.
 */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Push services the server will POST to. The endpoint comes from the client, so without a list
 * any user could make the server send requests to an internal address. PUSH_ALLOWED_HOSTS
 * (comma-separated host names; a leading dot allows subdomains) replaces the default list.
 */
const DEFAULT_HOSTS = ['fcm.googleapis.com', '.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

export function allowedHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.PUSH_ALLOWED_HOSTS?.trim();
  return raw
    ? raw
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
    : DEFAULT_HOSTS;
}

function hostAllowed(host: string, hosts: string[]): boolean {
  return hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) || host === h.slice(1) : host === h));
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The subscription in a device token, or null when the token is not a usable Web Push one. */
export function parseSubscription(token: string, hosts = allowedHosts()): WebPushSubscription | null {
  let raw: unknown;
  try {
    raw = JSON.parse(token);
  } catch {
    return null;
  }
  const s = raw as Partial<WebPushSubscription> | null;
  if (!s || typeof s.endpoint !== 'string' || typeof s.keys?.p256dh !== 'string' || typeof s.keys?.auth !== 'string') return null;
  if (!B64URL.test(s.keys.p256dh) || !B64URL.test(s.keys.auth)) return null;
  let url: URL;
  try {
    url = new URL(s.endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !hostAllowed(url.hostname.toLowerCase(), hosts)) return null;
  return { endpoint: url.toString(), keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

/** Whether the token looks like a Web Push subscription at all (JSON object with an endpoint). */
export function looksLikeSubscription(token: string): boolean {
  return token.trimStart().startsWith('{');
}
