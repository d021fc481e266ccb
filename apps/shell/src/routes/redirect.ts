/**
 * The `redirect` query of /waiting and the login pages. It comes from the URL, so anyone can
 * craft it: only a same-origin relative path is followed; `//evil.com`, `/\evil.com`,
 * `https://…` and `javascript:` all fall back to home.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (!value.startsWith('/')) return fallback;
  // Browsers treat a backslash like a slash, so "/\evil.com" is protocol-relative too.
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can rebuild "//".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'https://portal.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Pages a redirect must never lead back to (they would loop or log the user out again). */
const NO_RETURN = ['/waiting', '/login', '/email/login', '/line-login'];

export function loginRedirectTarget(value: string | null | undefined): string {
  const target = safeRedirect(value);
  const path = target.split(/[?#]/)[0] ?? '/';
  return NO_RETURN.includes(path) ? '/' : target;
}

/** `/waiting?redirect=<path+search+hash>` for a guarded location. */
export function waitingUrl(location: { pathname: string; search: string; hash?: string }): string {
  const target = location.pathname + location.search + (location.hash ?? '');
  return `/waiting?redirect=${encodeURIComponent(target)}`;
}
