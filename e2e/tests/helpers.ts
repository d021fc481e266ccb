import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';

/** Logs in on /login (employee number) and waits until the shell has left the login page. */
export async function loginByEmployeeNumber(page: Page, employeeNumber: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: '社員番号' }).fill(employeeNumber);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Logs out through the header's "more" menu (the home menu bar of spec section 2). */
export async function logoutViaMenu(page: Page, lang: 'ja' | 'en' = 'ja') {
  await page.getByRole('button', { name: lang === 'ja' ? 'その他のメニュー' : 'More' }).click();
  await page.getByRole('button', { name: lang === 'ja' ? 'ログアウト' : 'Log out' }).click();
}

export async function gotoLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
}

/** Main-navigation link by its visible name. */
export function nav(page: Page, name: string | RegExp) {
  return page.getByRole('navigation').getByRole('link', { name });
}

/** The paths under /remotes/<name>/ the page fetched: proof an area came from its remote. */
export function recordRemoteRequests(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (req) => {
    const m = /\/remotes\/([a-z-]+)\//.exec(new URL(req.url()).pathname);
    if (m) seen.add(m[1]!);
  });
  return seen;
}
