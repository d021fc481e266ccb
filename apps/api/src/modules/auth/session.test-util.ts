import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness';

export const ORIGIN = 'http://portal.test'; // the harness's PUBLIC_URL

/** The refresh cookie a response set (rotation sets a new one on every refresh). */
export function cookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'portal_refresh')?.value;
}

/** A refresh as the browser sends it: POST, the cookie, and the page's Origin. */
export function refreshWith(t: TestApp, refresh: string, origin: string | null = ORIGIN) {
  return t.inject({
    method: 'POST',
    url: '/service/api/v1/auth/refresh',
    cookies: { portal_refresh: refresh },
    headers: origin ? { origin } : {},
  });
}
