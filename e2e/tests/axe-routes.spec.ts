import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { ADMIN } from '../support/env';
import { loginAs } from './helpers';
import { findIds, memberRoutes, PUBLIC_ROUTES } from './route-table';

/**
 * axe (WCAG 2 A/AA) on every route of section 2's table at 1280 px in Japanese: no serious or
 * critical violation anywhere. Public pages first, logged out; then every member page in one
 * logged-in page. All findings are collected and reported together.
 */
async function serious(page: import('@playwright/test').Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** AXE_SHOTS=dir keeps a 1280 px screenshot of every route visited. */
const SHOTS = process.env.AXE_SHOTS;

async function visit(page: import('@playwright/test').Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main :is(h1, h2, p, button, table, ul)').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ja-1280${path.replace(/[/?=%&]+/g, '_') || '_home'}.png` });
}

test('axe: every route of the route table has no serious or critical violation', async ({ page }) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const ids = await findIds(page);
  const found: string[] = [];
  for (const path of PUBLIC_ROUTES(ids)) {
    await visit(page, path);
    found.push(...(await serious(page, path)));
  }
  await loginAs(page, ADMIN.employeeNumber);
  for (const path of memberRoutes(ids)) {
    await visit(page, path);
    found.push(...(await serious(page, path)));
  }
  expect(found, found.join('\n')).toEqual([]);
});
