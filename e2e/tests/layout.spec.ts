import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { ADMIN } from '../support/env';
import { gotoLogin, loginAs, openGroupFromHome } from './helpers';

/**
 * Accessibility and the 390 px layout over the built pages: axe finds no serious or
 * critical violation (WCAG 2 A/AA rules), and on a phone the header stays one row while the tab
 * rows show that they scroll. Screenshots are attached to the report (Japanese fonts: .ci/run).
 */

async function expectNoSeriousViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

/** Waits until the page's main landmark holds its heading (remotes load after the shell). */
async function ready(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
}

test('logging in asks for nothing that is missing (favicon.ico, no 4xx, no console errors)', async ({ page }) => {
  const problems: string[] = [];
  page.on('response', (r) => {
    // The session probe before login answers 401 by design; anything else 4xx/5xx is a bug.
    if (r.status() >= 400 && !r.url().endsWith('/auth/refresh')) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/401 \(Unauthorized\)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await loginAs(page, ADMIN.employeeNumber);
  await expect(page.getByRole('main').getByRole('link', { name: '総務部' }).first()).toBeVisible();
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  expect(problems).toEqual([]);
});

test('axe: the login pages have no serious or critical violations', async ({ page }) => {
  await gotoLogin(page);
  await expectNoSeriousViolations(page, '/login');
  await page.goto('/email/login');
  await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeVisible();
  await expectNoSeriousViolations(page, '/email/login');
  await page.goto('/forgot-password');
  await expect(page.getByRole('button').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/forgot-password');
});

test('axe: home, the group area and the common topics have no serious or critical violations', async ({ page }) => {
  // Eight pages, each analysed in full: more than the default minute on a shared machine.
  test.setTimeout(240_000);
  await loginAs(page, ADMIN.employeeNumber);
  // Home has its one <h1> (visually hidden: the widgets carry the visible headings).
  await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('link', { name: '総務部' }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/');

  const g = await openGroupFromHome(page, '総務部');
  const pages: [string, string | RegExp][] = [
    [`/group/${g}/new-feed`, /新着|フィード/],
    [`/group/${g}/shared-folder`, '共有フォルダ'],
    [`/group/${g}/members/list`, /メンバー/],
    [`/group/${g}/setting/information`, /基本情報/],
    [`/group/${g}/topic-create`, /トピック/],
    ['/common-topic/topics', /共通トピック/],
    ['/common-topic/shared-folder', /共有フォルダ/],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await ready(page, heading);
    await expectNoSeriousViolations(page, path);
  }
});

test('axe: calendar, chat, notifications, settings and the detail pages have no serious or critical violations', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, ADMIN.employeeNumber);
  const anyHeading = async () => expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  const pages = [
    '/calendar/month?date=2027-01-01',
    '/chat/list',
    '/notification/unread',
    '/notification/news-admin',
    '/setting/account-info',
    '/setting/setting-language',
    '/setting/setting-theme',
    '/setting/change-email',
  ];
  for (const path of pages) {
    await page.goto(path);
    await anyHeading();
    await expectNoSeriousViolations(page, path);
  }

  // Detail pages: a topic of the group's feed, a chat room, and a shared file when one exists.
  const g = await openGroupFromHome(page, '総務部');
  await page.goto(`/group/${g}/new-feed`);
  const topic = page.getByRole('main').locator(`a[href^="/group/${g}/topic/"]`).first();
  await expect(topic).toBeVisible();
  await topic.click();
  await expect(page).toHaveURL(new RegExp(`/group/${g}/topic/\\d+$`));
  await anyHeading();
  await expectNoSeriousViolations(page, 'group topic detail');

  await page.goto('/chat/list');
  const room = page.getByRole('main').locator('a[href^="/chat/"]').first();
  if (await room.count()) {
    await room.click();
    await anyHeading();
    // The messages arrive after the room's heading: check them too, not only the frame (the
    // grey times on the tinted message area were missed whenever axe ran first).
    await expect(page.getByRole('log').locator('li, p').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'chat room');
  }
});

test.describe('390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header is one row, the open menu is aligned, and tab rows show that they scroll', async ({ page }, info) => {
    await loginAs(page, ADMIN.employeeNumber);
    const header = page.locator('header').first();
    const menuButton = page.getByRole('button', { name: 'メニュー', exact: true });
    await expect(menuButton).toBeVisible();
    // One row: the header keeps its 56 px height and the button its one line.
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(60);
    expect((await menuButton.boundingBox())!.height).toBeLessThanOrEqual(44);
    await info.attach('header-390', { body: await page.screenshot(), contentType: 'image/png' });

    await menuButton.click();
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    const items = nav.locator(':scope > a, :scope > button');
    await expect(items.first()).toBeVisible();
    const lefts = await items.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    const textAligns = await items.evaluateAll((els) => els.map((e) => getComputedStyle(e).textAlign));
    expect(new Set(lefts).size, `item left edges ${lefts.join(', ')}`).toBe(1);
    expect(new Set(textAligns).size, `text-align ${textAligns.join(', ')}`).toBe(1);
    await info.attach('menu-390', { body: await page.screenshot(), contentType: 'image/png' });
    await menuButton.click();

    const g = await openGroupFromHome(page, '総務部');
    await page.goto(`/group/${g}/new-feed`);
    const tabs = page.getByRole('tablist', { name: 'グループメニュー' });
    await expect(tabs).toBeVisible();
    const row = await tabs.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        scroll: el.scrollWidth,
        client: el.clientWidth,
        overflowX: style.overflowX,
        image: style.backgroundImage,
        attachment: style.backgroundAttachment,
      };
    });
    // The row is wider than the phone and scrolls…
    expect(row.scroll).toBeGreaterThan(row.client);
    expect(row.overflowX).toBe('auto');
    // …and shows it: edge shadows fixed to the box, covered by content-bound fades at the ends.
    expect(row.image).toContain('radial-gradient');
    expect(row.attachment).toBe('local, local, scroll, scroll');
    await expect(page.getByRole('tab', { name: '設定' })).not.toBeInViewport();
    await page.getByRole('tab', { name: '設定' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('tab', { name: '設定' })).toBeInViewport();
    await info.attach('tabs-390', { body: await page.screenshot(), contentType: 'image/png' });
  });
});
