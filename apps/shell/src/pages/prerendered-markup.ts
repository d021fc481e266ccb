/**
 * The login forms served as static HTML before the start-up JavaScript has run (built by
 * scripts/prerender.tsx, served by the API's SPA fallback, taken over by prerendered.ts).
 */

/**
 * Where the build writes a route's page: named after its path (`/email/login` →
 * `email-login`), the rule by which the API's remotes/prerendered.ts finds it, so the API
 * knows nothing else about the shell's pages.
 */
export function prerenderedFile(routePath: string, lang: string): string {
  return `prerendered/${routePath.slice(1).replaceAll('/', '-')}.${lang}.html`;
}

/**
 * React's markup of a page, made inert for the seconds before React takes over: buttons are
 * disabled (a submit would do nothing yet, and a disabled submit button also stops Enter from
 * submitting the form as a GET with the password in its URL). Fields stay editable.
 */
export function staticMarkup(html: string): string {
  return html.replace(/<button(?![^>]*\sdisabled[\s=>])/g, '<button disabled=""');
}
