/**
 * `node --import tsx --import ./scripts/css-stub.mjs scripts/prerender.tsx` (after `rsbuild
 * build`): writes the login forms as static HTML beside dist/index.html, one file per form and
 * language (dist/prerendered/<page>.<lang>.html). The API serves them for /login and
 * /email/login, so a visitor sees the form with the first bytes instead of a blank page until
 * ~170 KB of start-up JavaScript has arrived and run (on a phone on 4G that is seconds;
 * Lighthouse's LCP goal of issue 21). React replaces the markup on its first render; the form
 * then takes over what was typed meanwhile (pages/prerendered.ts).
 *
 * The markup is the real components rendered by React, so it cannot drift from the app; the
 * start-up stylesheets are inlined so the first paint needs no other request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { formatDocumentTitle } from '@portal/ui';
import { i18n, loadNamespaces, setLanguage, LANGUAGES, type Language } from '@portal/i18n';
import { CompactLayout } from '../src/layouts/CompactLayout';
import { EmailLoginPage, EmployeeLoginPage } from '../src/pages/LoginPage';
import { LOGIN_PAGE_NAMESPACES } from '../src/pages/loginPreload';
import { PRERENDERED_PAGES, prerenderedFile, staticMarkup } from '../src/pages/prerendered-markup';
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

const PAGES = {
  login: { element: <EmployeeLoginPage />, title: TITLE_KEYS.login },
  'email-login': { element: <EmailLoginPage />, title: TITLE_KEYS.emailLogin },
} as const;

function render(page: keyof typeof PAGES): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[PRERENDERED_PAGES[page]]}>
          <CompactLayout>{PAGES[page].element}</CompactLayout>
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
  for (const page of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
    const title = formatDocumentTitle(i18n.t('common:product_name'), i18n.t(PAGES[page].title));
    const html = template
      .replace('<html lang="ja">', `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace('</head>', `${styles}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${staticMarkup(render(page))}</div>`);
    fs.writeFileSync(path.join(dist, prerenderedFile(page, lang)), html);
  }
}
console.log(`prerendered ${Object.keys(PAGES).join(', ')} in ${LANGUAGES.join(', ')}`);

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
