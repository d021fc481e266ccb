import { ADMIN } from '../support/env';
import { expect, test, type Page } from './fixtures';
import { loginAs, openGroupFromHome } from './helpers';

/**
 * Every page of the portal under its Content-Security-Policy: the document carries the
 * policy and the other security headers, the page renders, and the fixture fails the test on any
 * violation. Inline script is refused, which proves the policy is enforced, not just sent.
 */
const PUBLIC_PAGES = [
  '/login',
  '/email/login',
  '/forgot-password',
  '/employee-forgot-password',
  '/reset-password?token=' + 'x'.repeat(43),
  '/terms',
  '/policy',
  '/token-expired',
  '/setup?token=' + 'y'.repeat(43),
  '/register',
  '/line-login',
  '/verify',
];
const MEMBER_PAGES = (g: number) => [
  '/',
  '/todo',
  '/notification/unread',
  `/group/${g}`,
  `/group/${g}/new-feed`,
  `/group/${g}/shared-folder`,
  `/group/${g}/members/list`,
  `/group/${g}/setting/equipment`,
  '/common-topic/topics',
  '/common-topic/shared-folder',
  '/chat',
  '/calendar',
  '/setting/change-password',
  '/setting/setting-language',
  '/search-result',
  '/help-center',
  '/employee-without-group',
  '/no-such-page',
];

async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  const headers = res!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toContain("script-src 'self'");
  expect(csp, path).toContain("object-src 'none'");
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['permissions-policy'], path).toContain('camera=(self)');
  // The page rendered: its main area shows a heading, text or control once the remote arrived.
  await expect(page.locator('main :is(h1, h2, p, button)').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('every public page loads under the CSP without a violation', async ({ page }) => {
  for (const path of PUBLIC_PAGES) await visit(page, path);
});

test('every member page loads under the CSP without a violation', async ({ page }) => {
  // Eighteen pages, each waited on until the network is idle: the default minute is for one page.
  test.setTimeout(180_000);
  await loginAs(page, ADMIN.employeeNumber);
  const g = await openGroupFromHome(page, '総務部');
  for (const path of MEMBER_PAGES(g)) await visit(page, path);
});

test('the policy is enforced: an injected inline script does not run and is reported', async ({ page, csp }) => {
  await visit(page, '/login');
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = 1';
    document.body.append(s);
    return (window as unknown as { __inlineRan?: number }).__inlineRan ?? 0;
  });
  expect(ran).toBe(0);
  await expect.poll(() => csp.list.length).toBeGreaterThan(0);
  expect(csp.take().join('\n')).toMatch(/script-src/);
});
