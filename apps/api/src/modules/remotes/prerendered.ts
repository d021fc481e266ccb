import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/** Client routes of letters and hyphens only: no dots, so no way out of the folder. */
const PAGE_PATH = /^\/[a-z][a-z-]{0,40}(?:\/[a-z][a-z-]{0,40}){0,3}$/;
/** Set by the shell's language switch on the login-type pages; Japanese when absent. */
const LANGUAGE_COOKIE = /(?:^|;\s*)portal_lang=(ja|en)(?:;|$)/;

/**
 * The shell's static HTML of a client route, if it built one (named by `prerenderedFile` in
 * apps/shell/src/pages/prerendered-markup.ts; today the login forms), in the language the
 * visitor last chose. A path without such a file gets index.html as before; the file is only
 * looked up on disk, so adding a prerendered page needs no change here.
 */
export function prerenderedPage(shellDist: string, request: FastifyRequest): string | null {
  const pathname = request.url.split('?', 1)[0]!;
  if (!PAGE_PATH.test(pathname)) return null;
  const lang = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1] ?? 'ja';
  return path.join(shellDist, 'prerendered', `${pathname.slice(1).replaceAll('/', '-')}.${lang}.html`);
}
