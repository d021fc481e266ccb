import { expect, test } from './fixtures';
import { waitForMail } from '../support/mail';
import { field, loginAs, openGroupFromHome } from './helpers';

/** The theme applies without a reload; an e-mail change waits for the mailed link. */

test('a custom theme colours the header at once, and a low-contrast pair is refused', async ({ page }) => {
  await loginAs(page, 'E0021');
  await page.goto('/setting/setting-theme');
  const header = page.locator('header.shell-header');
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');

  await page.getByRole('radio', { name: 'カスタム' }).check();
  const nav = field(page, 'メニューの背景色');
  await nav.fill('#dddddd');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('メニューの背景色と文字色のコントラストが不足しています（4.5:1以上にしてください）')).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');

  // Navigation happens in the page: a reload would also show the new colour and prove less.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await nav.fill('#123456');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('テーマを保存しました。')).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  await page.getByRole('radio', { name: 'テーマなし' }).check();
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');
});

test('change e-mail: the mailed /verify link applies it and account-info shows the new address', async ({ page }) => {
  await loginAs(page, 'E0022');
  await page.goto('/setting/change-email');
  const newAddress = `e0022.new.${Date.now()}@sakura-seiki.example`;
  const since = Date.now();
  await field(page, '新しいメールアドレス').fill(newAddress);
  await page.getByRole('button', { name: '確認メールを送信' }).click();
  await expect(page.getByText(`${newAddress} に確認メールを送信しました。メール内のリンクを開くと変更が完了します。`)).toBeVisible();

  const mail = await waitForMail(newAddress, since);
  expect(mail.subject).toBe('【グループポータル】メールアドレス変更の確認');
  const link = /https?:\/\/\S+\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText(`メールアドレスを ${newAddress} に変更しました。`)).toBeVisible();
  await page.goto('/setting/account-info');
  await expect(page.getByText(newAddress)).toBeVisible();

  // The link is used up: opening it again lands on token-expired.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/token-expired$/);
});

test('a group administrator registers an employee, who sets a password from the mail and logs in', async ({ page, browser }) => {
  await loginAs(page, 'E0001');
  const groupId = await openGroupFromHome(page, '品質保証');
  await page.goto(`/group/${groupId}/members/register`);
  await expect(page.getByRole('heading', { name: 'メンバー登録' })).toBeVisible();
  const number = `N${Date.now() % 1_000_000}`;
  const email = `${number.toLowerCase()}@sakura-seiki.example`;
  const since = Date.now();
  await field(page, '社員番号').fill(number);
  await field(page, 'メールアドレス').fill(email);
  await field(page, '姓').fill('新人');
  await field(page, '名').fill('一郎');
  await field(page, 'せい（ひらがな）').fill('しんじん');
  await field(page, 'めい（ひらがな）').fill('いちろう');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText(`1名を登録しました（${number}）。`)).toBeVisible();

  const mail = await waitForMail(email, since);
  expect(mail.subject).toBe('【グループポータル】アカウント登録のご案内');
  const url = new URL(/https?:\/\/\S+\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0]);

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(`${url.pathname}${url.search}`);
  await expect(newcomer.getByText(`${email} のアカウントのパスワードを設定してください。`)).toBeVisible();
  await newcomer.getByLabel(/^新しいパスワード(必須)?$/).fill('First#Pass26');
  await newcomer.getByLabel(/^新しいパスワード（確認）(必須)?$/).fill('First#Pass26');
  await newcomer.getByRole('button', { name: 'パスワードを設定する' }).click();
  await expect(newcomer.getByText(`パスワードを設定しました。${email} でログインできます。`)).toBeVisible();
  await loginAs(newcomer, number, 'First#Pass26');
  await context.close();
});
