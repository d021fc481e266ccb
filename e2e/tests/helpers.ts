import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
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

/** Logs in by employee number from a fresh page and waits for home. */
export async function loginAs(page: Page, employeeNumber: string, password = DEMO_PASSWORD) {
  await gotoLogin(page);
  await loginByEmployeeNumber(page, employeeNumber, password);
  await expect(page).toHaveURL(/\/$/);
}

/** Logs in on /email/login with an e-mail address and waits for home. */
export async function loginByEmail(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/email/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, whether or not the label carries the "必須" (required) mark. */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}(必須)?$`));
}

/**
 * A group's link in a group list. Its accessible name also carries the icon's alt text
 * ("…のアイコン 総務部"), so it is matched by how it ends.
 */
export function groupLink(scope: Locator, name: string) {
  return scope.getByRole('link', { name: new RegExp(`(^|\\s)${escapeRegExp(name)}$`) });
}

/** The group links in a list are exactly these groups, in this order. */
export async function expectGroupLinks(scope: Locator, names: string[]) {
  const links = scope.getByRole('link');
  await expect(links).toHaveCount(names.length);
  for (const [i, name] of names.entries()) {
    await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`(^|\\s)${escapeRegExp(name)}$`));
  }
}

/** The home page's group list widget. */
export function homeGroupList(page: Page) {
  return page.getByRole('region', { name: 'グループ一覧' });
}

/** Opens a group from the home group list and returns its id (taken from the URL it lands on). */
export async function openGroupFromHome(page: Page, name: string): Promise<number> {
  await page.goto('/');
  await groupLink(homeGroupList(page), name).click();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  await expect(page.getByRole('tablist', { name: 'グループメニュー' })).toBeVisible();
  return Number(/\/group\/(\d+)$/.exec(page.url())![1]);
}

/**
 * Waits for the success modal an action shows (checking its message) and lets it go: it closes
 * itself after 3 s (spec section 9), so clicking "閉じる" would race that timer.
 */
export async function expectSuccess(page: Page, message: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

/** The topic feed's list (group-new-feed). */
export function topicFeedList(page: Page) {
  return page.getByRole('list', { name: 'トピック一覧' });
}

/** One topic's line in the feed, found by its exact title. */
export function topicFeedRow(page: Page, title: string) {
  return topicFeedList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** Waits until the feed has loaded: either its list or the "no topics" state of the 「すべて」 tab. */
export async function waitForTopicFeed(page: Page) {
  await expect(topicFeedList(page).or(page.getByText('トピックはまだありません。'))).toBeVisible();
}

/**
 * The earliest delivery time the topic editor accepts that is still at least `leadMs` away: its
 * datetime-local field has minute granularity and is read as Tokyo time (UTC+9, no DST), and a
 * time already past when the form is submitted is refused.
 */
export function nextDeliveryMinute(leadMs: number, now = Date.now()): { at: number; local: string } {
  const at = Math.ceil((now + leadMs) / 60_000) * 60_000;
  const local = new Date(at + 9 * 3_600_000).toISOString().slice(0, 16);
  return { at, local };
}

/**
 * Sets a demo user's stored language through the API. Specs that switch a shared demo user to
 * English put it back with this afterwards, so the specs after them still see Japanese.
 */
export async function setLanguageByApi(request: APIRequestContext, employeeNumber: string, code: 'ja' | 'en') {
  const api = '/service/api/v1';
  const res = await request.post(`${api}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  const token = ((await res.json()) as { items: { access_token: string } }).items.access_token;
  const set = await request.patch(`${api}/members/me/setting-language`, { headers: { authorization: `Bearer ${token}` }, data: { code } });
  if (!set.ok()) throw new Error(`setting-language for ${employeeNumber}: ${set.status()}`);
}

/** An inline image's src as pages render it: a short-lived link signed for the viewer. */
export const SIGNED_INLINE = /^\/service\/api\/v1\/members\/me\/inline-images\/\d+\?u=\d+&e=\d+&s=[\w-]{43}$/;
