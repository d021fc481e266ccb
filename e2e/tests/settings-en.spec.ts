import { expect, test } from './fixtures';
import { waitForMail } from '../support/mail';
import { png } from '../support/png';
import { loginAs, setLanguageByApi } from './helpers';

/**
 * Settings in English: the settings spec's flows for users whose language is English, plus the
 * theme's header picture. Each test switches its demo user to en first and afterEach puts every
 * one of them back to ja, so the Japanese specs find them as they expect.
 */
const USERS = ['E0026', 'E0027', 'E0001'];
test.afterEach(async ({ request }) => {
  for (const u of USERS) await setLanguageByApi(request, u, 'ja');
});

const label = (page: import('@playwright/test').Page, text: string) => page.getByLabel(new RegExp(`^${text}(Required)?$`));

test('en: a custom theme colours the header at once, a low-contrast pair is refused, a header picture shows and resets', async ({
  page,
  request,
}) => {
  await setLanguageByApi(request, 'E0026', 'en');
  await loginAs(page, 'E0026');
  await page.goto('/setting/setting-theme');
  await expect(page.getByRole('heading', { name: 'Theme', exact: true })).toBeVisible();
  const header = page.locator('header.shell-header');
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');

  await page.getByRole('radio', { name: 'Custom' }).check();
  const nav = label(page, 'Menu background');
  await nav.fill('#dddddd');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Menu background does not contrast enough with its text (at least 4.5:1 is needed)')).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');
  await nav.fill('#123456');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your theme has been saved.')).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(18, 52, 86)');

  // A header picture: uploaded through the image checks, shown by the shell without a reload.
  const banner = page.locator('.pui-full__banner');
  await expect(banner).toHaveCSS('height', '8px');
  await page
    .getByLabel('Choose an image for Header image')
    .setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: png(1200, 200) });
  await expect(page.getByRole('img', { name: 'Current image: Header image' })).toBeVisible();
  await expect(banner).toHaveCSS('height', '120px');
  expect(await banner.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('blob:');
  await page.getByRole('button', { name: 'Reset Header image' }).click();
  await expect(banner).toHaveCSS('height', '8px');

  await page.getByRole('radio', { name: 'No theme' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(header).toHaveCSS('background-color', 'rgb(25, 113, 190)');
});

test('en: change e-mail through the mailed /verify link; account-info shows the new address', async ({ page, request }) => {
  await setLanguageByApi(request, 'E0027', 'en');
  await loginAs(page, 'E0027');
  await page.goto('/setting/change-email');
  const newAddress = `e0027.new.${Date.now()}@sakura-seiki.example`;
  const since = Date.now();
  await label(page, 'New email address').fill(newAddress);
  await page.getByRole('button', { name: 'Send confirmation mail' }).click();
  await expect(page.getByText(`A confirmation mail was sent to ${newAddress}. Open its link to complete the change.`)).toBeVisible();

  const mail = await waitForMail(newAddress, since);
  const url = new URL(/https?:\/\/\S+\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0]);
  // /verify is a public page in the compact layout: its language is the switch's, not the user's.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByText(`Your email address is now ${newAddress}.`)).toBeVisible();
  await page.goto('/setting/account-info');
  await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
  await expect(page.getByText(newAddress)).toBeVisible();
});

test('en: a group administrator registers an employee, who sets a password from the mail', async ({ page, browser, request }) => {
  await setLanguageByApi(request, 'E0001', 'en');
  await loginAs(page, 'E0001');
  // Both show once home has loaded: `.or` then matches two elements, so take the first.
  await expect(
    page
      .getByRole('heading', { name: 'Home' })
      .or(page.getByRole('link', { name: /品質保証$/ }))
      .first(),
  ).toBeVisible();
  await page
    .getByRole('link', { name: /(^|\s)品質保証$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  const groupId = Number(/\/group\/(\d+)$/.exec(page.url())![1]);
  await page.goto(`/group/${groupId}/members/register`);
  await expect(page.getByRole('heading', { name: 'Register members' })).toBeVisible();
  const number = `M${Date.now() % 1_000_000}`;
  const email = `${number.toLowerCase()}@sakura-seiki.example`;
  const since = Date.now();
  await label(page, 'Employee number').fill(number);
  await label(page, 'Email address').fill(email);
  await label(page, 'Last name').fill('New');
  await label(page, 'First name').fill('Comer');
  await label(page, 'Last name \\(hiragana\\)').fill('しんじん');
  await label(page, 'First name \\(hiragana\\)').fill('いちろう');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(`Registered 1 (employee numbers: ${number}).`)).toBeVisible();

  const mail = await waitForMail(email, since);
  const url = new URL(/https?:\/\/\S+\/verify\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0]);
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(`${url.pathname}${url.search}`);
  await newcomer.getByRole('button', { name: 'EN' }).click();
  await expect(newcomer.getByText(`Set the password of the account ${email}.`)).toBeVisible();
  await newcomer.getByLabel(/^New password(Required)?$/).fill('First#Pass26');
  await newcomer.getByLabel(/^New password \(confirm(ation)?\)(Required)?$/).fill('First#Pass26');
  await newcomer.getByRole('button', { name: 'Set password' }).click();
  await expect(newcomer.getByText(`Your password has been set. You can log in as ${email}.`)).toBeVisible();
  await context.close();
});
