/** What a decoded QR code is, and whether the app may follow it. */
export type ScanResult =
  | { kind: 'internal'; text: string; path: string }
  | { kind: 'external'; text: string }
  | { kind: 'text'; text: string };

/**
 * Only http(s) links on the portal's own origin are followed, inside the app (an invite link
 * opens /group/{link}/preview without a reload). Anything else is shown and never opened: a QR
 * code on a poster is untrusted input, and a javascript: or phishing URL must not be one tap
 * away.
 */
export function classifyScan(text: string, origin: string): ScanResult {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { kind: 'text', text: trimmed };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'text', text: trimmed };
  if (url.origin !== origin) return { kind: 'external', text: trimmed };
  return { kind: 'internal', text: trimmed, path: `${url.pathname}${url.search}${url.hash}` };
}
