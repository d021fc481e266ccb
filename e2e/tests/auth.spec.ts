import { expect, test } from './fixtures';
import { DEMO_PASSWORD, E2E_BASE_URL, MEMBER } from '../support/env';
import { waitForMail } from '../support/mail';
import { RunDatabase } from '../support/run-db';
import { gotoLogin, loginByEmployeeNumber, logoutViaMenu, nav, recordRemoteRequests } from './helpers';

test('Japanese login, every area from its own remote, logout', async ({ page }) => {
  const remotes = recordRemoteRequests(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveTitle(/グループポータル.*ログイン/);

  await loginByEmployeeNumber(page, MEMBER.employeeNumber);
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/ホーム/);

  const areas: [string, RegExp, string][] = [
    ['カレンダー', /\/calendar/, 'calendar'],
    ['チャット', /\/chat/, 'chat'],
    ['ホーム', /\/$/, 'groups'],
  ];
  for (const [label, url, remote] of areas) {
    await nav(page, label).click();
    await expect(page).toHaveURL(url);
    await expect(page.locator('main')).not.toBeEmpty();
    await expect.poll(() => remotes.has(remote)).toBe(true);
  }
  await page.goto('/notification/unread');
  await expect.poll(() => remotes.has('notifications')).toBe(true);
  await page.goto('/common-topic/topics');
  await expect.poll(() => remotes.has('common-topic')).toBe(true);
  await page.goto('/setting/change-password');
  await expect(page.getByRole('heading', { name: /パスワード変更/ }).first()).toBeVisible();
  await expect.poll(() => remotes.has('settings')).toBe(true);
  expect([...remotes].sort()).toEqual(['calendar', 'chat', 'common-topic', 'groups', 'notifications', 'settings']);

  await page.goto('/');
  await logoutViaMenu(page);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.goto('/setting/change-password');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('the login form arrives as HTML: shown before any script runs, and what was typed meanwhile is kept', async ({ page, browser }) => {
  // Without JavaScript the form is in the page itself, inert (the noscript notice says why).
  const noScript = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/login');
    await expect(bare.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(bare.getByRole('textbox', { name: '社員番号' })).toBeEditable();
    await expect(bare.getByRole('button', { name: 'ログイン', exact: true })).toBeDisabled();
  } finally {
    await noScript.close();
  }

  // The start-up script held back: the visitor types into the static form, then the app starts.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for `load`: the held script blocks it.
  await page.goto('/login', { waitUntil: 'commit' });
  const submit = page.getByRole('button', { name: 'ログイン', exact: true });
  await expect(submit).toBeDisabled();
  const id = page.getByRole('textbox', { name: '社員番号' });
  await id.pressSequentially(MEMBER.employeeNumber);
  release();
  await expect(submit).toBeEnabled({ timeout: 15_000 });
  await expect(id).toHaveValue(MEMBER.employeeNumber);
  await expect(id).toBeFocused();
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
});

test('wrong passwords are slowed down; the tenth counted one locks the account and mails the reset link', async ({ page }) => {
  await gotoLogin(page);
  for (let i = 1; i <= 3; i++) {
    await loginByEmployeeNumber(page, 'E0010', `Wrong#pass${i}`);
    await expect(page.getByRole('alert')).toContainText('正しくありません');
  }
  // The fourth comes too soon: refused without being counted.
  await loginByEmployeeNumber(page, 'E0010', 'Wrong#pass4');
  await expect(page.getByRole('alert')).toContainText('しばらく時間をおいて');

  const db = new RunDatabase();
  try {
    db.primeLoginFailures('E0010', 9);
  } finally {
    db.close();
  }
  const since = Date.now();
  await loginByEmployeeNumber(page, 'E0010', 'Wrong#pass10');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('ロック');
  await expect(alert.getByRole('link')).toHaveAttribute('href', /\/forgot-password/);
  const mail = await waitForMail('e0010@sakura-seiki.example', since);
  expect(mail.subject).toContain('ロック');
  expect(mail.text).toMatch(/\/reset-password\?token=/);
});

test('forgot password: the mailed link resets the password, then login works', async ({ page }) => {
  const email = 'e0011@sakura-seiki.example';
  const since = Date.now();
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('パスワード再設定用のメールを送信しました', { exact: false })).toBeVisible();

  const mail = await waitForMail(email, since);
  expect(mail.subject).toMatch(/パスワード/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const newPassword = 'Sakura-2026x';
  await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await page.getByLabel('新しいパスワード（確認）').fill(newPassword);
  await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/email/login');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link is single-use.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/token-expired|reset-password/);
  await expect(page.getByText(/有効期限|無効/).first()).toBeVisible();
});

test('a deep link while logged out goes through /waiting and login to the original target', async ({ page }) => {
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname);
  });
  await page.goto('/setting/change-password?from=e2e');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(seen).toContain('/waiting');
  await loginByEmployeeNumber(page, 'E0003');
  await expect(page).toHaveURL(/\/setting\/change-password\?from=e2e$/);
});

test('switching to English changes the whole UI, logout returns to Japanese', async ({ page }) => {
  await gotoLogin(page);
  await loginByEmployeeNumber(page, 'E0004');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/setting/setting-language');
  await page.getByLabel('English').check();
  await page.getByRole('button', { name: /保存/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nav(page, 'Home')).toBeVisible();
  await expect(nav(page, 'Calendar')).toBeVisible();

  // The stored setting survives a reload and a new login.
  await page.reload();
  await expect(nav(page, 'Home')).toBeVisible();
  await page.goto('/');
  await logoutViaMenu(page, 'en');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await loginByEmployeeNumber(page, 'E0004');
  await expect(nav(page, 'Home')).toBeVisible();
});

test('an employee in no group is refused at login and sees only the no-group page', async ({ page }) => {
  // E0034 (seed): the right password, but no group (spec sections 6 and 8).
  await gotoLogin(page);
  await loginByEmployeeNumber(page, 'E0034');
  await expect(page).toHaveURL(/\/employee-without-group$/);
  await expect(page.getByRole('heading', { name: '所属グループなし', level: 1 })).toBeVisible();
  await expect(page.getByText('所属しているグループがないため')).toBeVisible();
  // Only this page: no main navigation, and no session to use the portal with.
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);
  await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/chat/list');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
