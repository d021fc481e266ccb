import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, DEMO_PASSWORD } from '../support/env';
import { setLanguageByApi } from './helpers';
import { findIds, memberRoutes, PUBLIC_ROUTES } from './route-table';

/**
 * Phone first-class: every route of the spec's route table (section 2) at 360 and 390 px, in
 * Japanese and English, never scrolls sideways (documentElement.scrollWidth ≤ innerWidth). One
 * browser, one logged-in context per language; each page is loaded once at 360 px and measured
 * again at 390 px after a resize. PHONE_SHOTS=dir saves a screenshot of each page and width.
 */
const WIDTHS = [360, 390] as const;
const SHOTS = process.env.PHONE_SHOTS;

/** The page settled: its main area shows something and the network went quiet. */
async function settle(page: Page) {
  await expect(page.locator('main :is(h1, h2, p, button, table, ul)').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function measure(page: Page, path: string, lang: string, problems: string[]) {
  await page.setViewportSize({ width: WIDTHS[0], height: 780 });
  await page.goto(path);
  await settle(page);
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 844 });
    const { scroll, inner, culprit } = await page.evaluate(() => {
      const inner = window.innerWidth;
      // The widest element that sticks out, to name in the failure.
      let culprit = '';
      let right = inner;
      // Inside a box that scrolls or clips sideways, sticking out is that box's business.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
        }
        return false;
      };
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.right > right + 0.5 && clipped(el)) continue;
        if (r.right > right + 0.5 && r.width > 0) {
          right = r.right;
          culprit = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(r.right)}px)`;
        }
      }
      return { scroll: document.documentElement.scrollWidth, inner, culprit };
    });
    if (scroll > inner) problems.push(`${lang} ${width}px ${path}: scrollWidth ${scroll} > ${inner} — ${culprit}`);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/${lang}-${width}${path.replace(/[/?=%&]+/g, '_') || '_home'}.png`, fullPage: false });
  }
}

async function contextFor(browser: Browser, lang: 'ja' | 'en') {
  const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US', timezoneId: 'Asia/Tokyo' });
  return { context, page: await context.newPage() };
}

for (const lang of ['ja', 'en'] as const) {
  test(`phone: no route scrolls sideways at 360 and 390 px (${lang})`, async ({ browser, request }) => {
    test.setTimeout(600_000);
    await setLanguageByApi(request, ADMIN.employeeNumber, lang);
    const { context, page } = await contextFor(browser, lang);
    const problems: string[] = [];
    try {
      const ids = await findIds(page);
      // Logged out first: the pages without auth (and in the language a visitor picked).
      await page.goto('/login');
      if (lang === 'en') {
        await page.evaluate(() => localStorage.setItem('portal.guestLanguage', 'en'));
      }
      for (const path of PUBLIC_ROUTES(ids)) await measure(page, path, lang, problems);
      // Then logged in, reusing this one context for every member page.
      await page.goto('/login');
      await page.locator('input[autocomplete="username"], input[name="employee_number"]').first().fill(ADMIN.employeeNumber);
      await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
      await expect(page).toHaveURL(/\/$/);
      for (const path of memberRoutes(ids)) await measure(page, path, lang, problems);
    } finally {
      await context.close();
      await setLanguageByApi(request, ADMIN.employeeNumber, 'ja');
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

for (const lang of ['ja', 'en'] as const) {
  test(`the bell's counts stand beside its glyph, never over it, at 390 and 1280 px (${lang})`, async ({ browser, request }) => {
    await setLanguageByApi(request, ADMIN.employeeNumber, lang);
    const { context, page } = await contextFor(browser, lang);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/login');
      await page.locator('input[autocomplete="username"], input[name="employee_number"]').first().fill(ADMIN.employeeNumber);
      await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
      await expect(page).toHaveURL(/\/$/);
      const counts = page.getByTestId('bell-counts');
      // The demo's administrator has unread items: without a badge there would be nothing to check.
      await expect(counts.locator('.shell-bell__badge').first()).toBeVisible();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        const { glyph, badges, button, inner } = await page.evaluate(() => {
          const counts = document.querySelector('[data-testid="bell-counts"]')!;
          const button = counts.closest('button')!;
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          };
          return {
            glyph: box(button.querySelector('svg')!),
            badges: [...counts.querySelectorAll('.shell-bell__badge')].map(box),
            button: box(button),
            inner: window.innerWidth,
          };
        });
        for (const b of badges) {
          const overlaps = b.left < glyph.right && b.right > glyph.left && b.top < glyph.bottom && b.bottom > glyph.top;
          expect(overlaps, `${lang} ${width}px: a badge covers the bell`).toBe(false);
          expect(b.right).toBeLessThanOrEqual(button.right + 0.5);
        }
        expect(button.right).toBeLessThanOrEqual(inner);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/bell-${lang}-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
      }
    } finally {
      await context.close();
      await setLanguageByApi(request, ADMIN.employeeNumber, 'ja');
    }
  });
}
