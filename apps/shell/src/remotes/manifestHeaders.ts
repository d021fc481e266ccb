/**
 * Headers of the /remotes.json request. A signed-in page sends its access token, so the API can
 * answer with the builds this user is assigned (a canary for a share of users, sticky per user);
 * the login pages and anonymous visitors get the stable builds. The token is read from the
 * session's storage directly: this runs before the shared session module may load. (The refresh
 * cookie is scoped to the auth endpoints and never reaches /remotes.json.)
 */
export const SESSION_STORAGE_KEY = 'portal.session';
const LOGIN_PAGES = /^\/(?:login|email\/login|line-login)(?:\/|$)/;

export function manifestHeaders(pathname: string, storage: Pick<Storage, 'getItem'> | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (LOGIN_PAGES.test(pathname)) return headers;
  try {
    const token = (JSON.parse(storage?.getItem(SESSION_STORAGE_KEY) ?? 'null') as { accessToken?: unknown } | null)?.accessToken;
    if (typeof token === 'string' && /^[\w.~+/-]{1,200}=*$/.test(token)) headers.Authorization = `Bearer ${token}`;
  } catch {
    // No storage or a malformed session: the stable builds.
  }
  return headers;
}
