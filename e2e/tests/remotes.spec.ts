import { expect, test, type Page } from './fixtures';
import { publishSettingsBuild, remotesCli } from '../support/settings-build';
import { gotoLogin, loginByEmployeeNumber, nav } from './helpers';

async function liveSettingsVersion(page: Page): Promise<string> {
  const doc = (await (await page.request.get('/remotes.json')).json()) as {
    remotes: Record<string, { version: string }>;
  };
  return doc.remotes.settings!.version;
}

test('a dead remote shows its fallback while the rest of the portal works', async ({ page }) => {
  await page.route('**/remotes/chat/**', (route) => route.abort('connectionrefused'));
  await gotoLogin(page);
  await loginByEmployeeNumber(page, 'E0005');
  await expect(page).toHaveURL(/\/$/);

  await nav(page, 'チャット').click();
  await expect(page).toHaveURL(/\/chat/);
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: /再試行|もう一度/ })).toBeVisible({ timeout: 30_000 });

  // Everything else still works: another remote's area, and home with its widgets.
  await page.goto('/setting/change-password');
  await expect(page.getByRole('heading', { name: /パスワード変更/ }).first()).toBeVisible();
  await nav(page, 'ホーム').click();
  await expect(page.getByRole('region', { name: 'ニュース' })).toBeVisible();
});

test('publish a new settings build, then roll it back, with no restart and no shell rebuild', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoLogin(page);
  await loginByEmployeeNumber(page, 'E0006');
  await expect(page).toHaveURL(/\/$/);
  const before = await liveSettingsVersion(page);
  await page.goto('/setting/setting-language');
  const layout = page.locator('[class*="pset-layout"]').first();
  await expect(layout).toBeVisible();
  const originalBuild = await layout.getAttribute('data-remote-build');

  expect(await publishSettingsBuild('e2e-next')).toMatch(/settings: now /);
  const next = await liveSettingsVersion(page);
  expect(next).not.toBe(before);

  await page.reload();
  await expect(page.locator('[data-remote-build="e2e-next"]')).toBeVisible();

  expect(remotesCli('rollback', 'settings')).toContain(before);
  expect(await liveSettingsVersion(page)).toBe(before);
  await page.reload();
  await expect(page.getByRole('heading', { name: /言語設定/ }).first()).toBeVisible();
  await expect(page.locator('[data-remote-build="e2e-next"]')).toHaveCount(0);
  expect(await layout.getAttribute('data-remote-build')).toBe(originalBuild);
  expect(remotesCli('list')).toMatch(/settings\s+\S+\s+\[pinned by rollback\]/);
});

test('an unavailable remotes.json never blanks the portal: the last known good is used', async ({ page }) => {
  await gotoLogin(page);
  await loginByEmployeeNumber(page, 'E0007');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'ニュース' })).toBeVisible();

  // The registry lives in the database now; what the shell must survive is the 503 (or garbage)
  // the server answers when it cannot read it.
  await page.route('**/remotes.json', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"status_code":"INTERNAL_ERROR"}' }),
  );
  await page.reload();
  await expect(page.getByRole('region', { name: 'ニュース' })).toBeVisible();
  await page.goto('/setting/change-password');
  await expect(page.getByRole('heading', { name: /パスワード変更/ }).first()).toBeVisible();
});
