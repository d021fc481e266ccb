/**
 * The login forms served as static HTML before the start-up JavaScript has run (built by
 * scripts/prerender.tsx, served by the API's SPA fallback, taken over by prerendered.ts).
 * The file of a page is named after its path (`/email/login` → `email-login`): the API looks it
 * up by that convention and knows nothing else about the shell's pages.
 */
export const PRERENDERED_PAGES = { login: '/login', 'email-login': '/email/login' } as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

export function prerenderedFile(page: PrerenderedPage, lang: string): string {
  return `prerendered/${page}.${lang}.html`;
}

/**
 * React's markup of a page, made inert for the seconds before React takes over: buttons are
 * disabled (a submit would do nothing yet, and a disabled submit button also stops Enter from
 * submitting the form as a GET with the password in its URL). Fields stay editable.
 */
export function staticMarkup(html: string): string {
  return html.replace(/<button(?![^>]*\sdisabled[\s=>])/g, '<button disabled=""');
}
