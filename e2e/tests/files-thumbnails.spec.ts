import { expect, test } from './fixtures';
import { png } from '../support/png';
import { ADMIN } from '../support/env';
import { loginAs, openGroupFromHome } from './helpers';

/**
 * Thumbnails end to end on the production server (sharp's native part included): an
 * uploaded photo is listed with its thumbnail instead of the kind icon and previewed from it on
 * the detail page; a file the server cannot decode as an image keeps the icon. Runs in 東京支社.
 */

test('an uploaded photo is listed with its thumbnail and previewed from it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const photo = { name: `現場写真_${stamp}.png`, mimeType: 'image/png', buffer: png(900, 600) };
  // A PNG signature and nothing else: an image by its bytes, but not one that can be decoded.
  const broken = {
    name: `破損_${stamp}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  };

  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, '東京支社');
  await page.goto(`/group/${groupId}/shared-folder/file-create`);
  await page.getByLabel('ファイルを選択（ドラッグ＆ドロップもできます）').setInputFiles([photo, broken]);
  await page.getByRole('button', { name: 'アップロード', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));

  const row = (title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  const thumb = row(photo.name).locator('img.pfile-thumb');
  // A signed link the browser loads and caches itself; never a token in the URL.
  await expect(thumb).toHaveAttribute('src', /^\/service\/api\/v1\/[^?]+\/thumbnail\?v=\d+&u=\d+&e=\d+&s=[\w-]{43}$/);
  await expect(thumb).toHaveAccessibleName('画像');
  // The picture really decoded: a 240 × 160 WebP from the 900 × 600 original.
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([240, 160]);
  await expect(row(broken.name).locator('img.pfile-thumb')).toHaveCount(0);
  await expect(row(broken.name).getByRole('img', { name: '画像' })).toBeVisible();

  await page.getByRole('link', { name: photo.name, exact: true }).click();
  const preview = page.locator('.pfile-preview img');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await page.getByRole('button', { name: '元のサイズで表示' }).click();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
});
