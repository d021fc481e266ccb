import { expect, test } from './fixtures';
import { loginAs, logoutViaMenu } from './helpers';

/**
 * LINE login against the stand-in OpenID provider global-setup runs (it logs in one
 * fixed LINE user): an employee links LINE from account-info, logs out, and logs in with the
 * LINE button, landing on home; after unlinking, the same LINE account is told it is not linked.
 */
test('link LINE from account-info, log in with LINE, unlink', async ({ page }) => {
  await loginAs(page, 'E0028');
  await page.goto('/setting/account-info');
  await page.getByRole('button', { name: 'LINEアカウントを連携する' }).click();
  // Out to the provider and back through /line-login, which returns to account-info.
  await expect(page).toHaveURL(/\/setting\/account-info$/);
  await expect(page.getByText('LINEアカウントを連携しました。')).toBeVisible();
  await expect(page.getByText('連携済み')).toBeVisible();

  await logoutViaMenu(page);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'LINEでログイン' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The one-time code never stays in the address bar or history.
  expect(page.url()).not.toContain('code=');
  await page.goto('/setting/account-info');
  await expect(page.getByText('連携済み')).toBeVisible();

  await page.getByRole('button', { name: '連携を解除' }).click();
  await expect(page.getByText('未連携')).toBeVisible();
  await logoutViaMenu(page);
  await page.getByRole('button', { name: 'LINEでログイン' }).click();
  await expect(page.getByText(/連携されていません/)).toBeVisible();
});
