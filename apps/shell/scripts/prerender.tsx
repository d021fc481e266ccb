/**
 * `node --import tsx --import ./scripts/css-stub.mjs scripts/prerender.tsx` (after `rsbuild
 * build`): writes the login forms as static HTML beside dist/index.html, one file per form and
 * language (dist/prerendered/<page>.<lang>.html). The API serves them for /login and
 * /email/login, so a visitor sees the form with the first bytes instead of a blank page until
 * ~170 KB of start-up JavaScript has arrived and run (on a phone on 4G that is seconds;
 * Lighthouse's LCP budget). React replaces the markup on its first render; the form
 * then takes over what was typed meanwhile (pages/prerendered.ts).
 *
 * The markup is the real components rendered by React, so it cannot drift from the app; the
 * start-up stylesheets are inlined so the first paint needs no other request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { formatDocumentTitle } from '@portal/ui';
import { i18n, loadNamespaces, setLanguage, LANGUAGES, type Language } from '@portal/i18n';
import { CompactLayout } from '../src/layouts/CompactLayout';
import { EmailLoginPage, EmployeeLoginPage } from '../src/pages/LoginPage';
import { LOGIN_PAGE_NAMESPACES } from '../src/pages/loginPreload';
import { prerenderedFile, staticMarkup } from '../src/pages/prerendered-markup';
import { TITLE_KEYS } from '../src/routes/titles';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The start-up stylesheets index.html preloads, in that order, as one inline style element. */
function inlineStyles(html: string): string {
  const hrefs = [...html.matchAll(/<link href="([^"]+\.css)" rel="preload" as="style"[^>]*>/g)].map((m) => m[1]!);
  if (hrefs.length === 0) throw new Error('prerender: index.html preloads no stylesheet');
  const css = hrefs.map((href) => fs.readFileSync(path.join(dist, href), 'utf8')).join('\n');
  // A stylesheet cannot close the element it is inlined in (`</style` would end it early).
  if (/<\/style/i.test(css)) throw new Error('prerender: a stylesheet contains </style');
  return `<style>${css}</style>`;
}

/** The prerendered routes: the page each renders and its document title. */
const PAGES = {
  '/login': { element: <EmployeeLoginPage />, title: TITLE_KEYS.login },
  '/email/login': { element: <EmailLoginPage />, title: TITLE_KEYS.emailLogin },
} as const;
type Route = keyof typeof PAGES;

function render(route: Route): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <CompactLayout>{PAGES[route].element}</CompactLayout>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const styles = inlineStyles(template);
fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const lang of LANGUAGES as readonly Language[]) {
  await setLanguage(lang);
  await loadNamespaces([...LOGIN_PAGE_NAMESPACES, 'ui', 'common', 'shell']);
  for (const route of Object.keys(PAGES) as Route[]) {
    const title = formatDocumentTitle(i18n.t('common:product_name'), i18n.t(PAGES[route].title));
    const html = template
      .replace('<html lang="ja">', `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, renderToStaticMarkup(<title>{title}</title>))
      .replace('</head>', `${styles}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${staticMarkup(render(route))}</div>`);
    fs.writeFileSync(path.join(dist, prerenderedFile(route, lang)), html);
  }
}
console.log(`prerendered ${Object.keys(PAGES).join(', ')} in ${LANGUAGES.join(', ')}`);
