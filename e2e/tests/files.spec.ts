import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test, type Download, type Page } from './fixtures';
import { ADMIN } from '../support/env';
import { loginAs, openGroupFromHome } from './helpers';

/**
 * The group shared folder end to end: upload, overwrite, restore, download, zip, bin.
 * Runs in 品質保証, which no other spec writes files to.
 */

/** Entries of a zip (name → bytes), read from its central directory; stored and deflated only. */
function readZip(buf: Buffer): Map<string, Buffer> {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

async function confirmWith(page: Page, label: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('files: upload, overwrite, restore and download, zip both, bin and empty it', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const first = { name: `設計書_${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`第1版 設計書 ${stamp}\n`) };
  const second = { name: `議事録_${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from('日付,内容\n2026-01-05,定例\n') };
  const newer = { name: `設計書_${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`第2版 設計書 ${stamp} 改訂\n`) };

  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, '品質保証');
  await page.goto(`/group/${groupId}/shared-folder`);
  await page.getByRole('link', { name: 'ファイルをアップロード' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder/file-create$`));
  await page.getByLabel('ファイルを選択（ドラッグ＆ドロップもできます）').setInputFiles([first, second]);
  await page.getByRole('button', { name: 'アップロード', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));
  await expect(row(page, first.name)).toBeVisible();
  await expect(row(page, second.name)).toBeVisible();

  // Overwrite the first file with a new version.
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(/\/shared-folder\/file\/\d+$/);
  await page.getByRole('link', { name: '上書き（新しいバージョン）' }).click();
  await page.getByLabel('新しいファイルを選択').setInputFiles(newer);
  await page.getByRole('button', { name: '新しいバージョンをアップロード' }).click();
  await expect(page).toHaveURL(/\/shared-folder\/file\/\d+$/);
  await expect(page.getByRole('definition').filter({ hasText: /^v2$/ })).toBeVisible();

  // Restore version 1 and download it: the bytes are the first upload's.
  await page.getByRole('button', { name: 'バージョン1に戻す' }).click();
  await confirmWith(page, '元に戻す');
  await expect(page.getByRole('definition').filter({ hasText: /^v3$/ })).toBeVisible();
  const [restored] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'ダウンロード', exact: true }).click(),
  ]);
  expect(restored.suggestedFilename()).toBe(first.name);
  expect((await bytesOf(restored)).equals(first.buffer)).toBe(true);

  // Both files as one zip.
  await page.getByRole('link', { name: '共有フォルダへ戻る' }).click();
  await page.getByRole('checkbox', { name: `${first.name} を選択` }).check();
  await page.getByRole('checkbox', { name: `${second.name} を選択` }).check();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'まとめてダウンロード（ZIP）' }).click(),
  ]);
  const entries = readZip(await bytesOf(zip));
  expect([...entries.keys()].sort()).toEqual([first.name, second.name].sort());
  expect(entries.get(first.name)!.equals(first.buffer)).toBe(true);
  expect(entries.get(second.name)!.equals(second.buffer)).toBe(true);

  // Move one to the bin, then empty the bin.
  await page.getByRole('checkbox', { name: `${first.name} を選択` }).uncheck();
  await page.getByRole('button', { name: 'ゴミ箱へ移動' }).click();
  await confirmWith(page, 'ゴミ箱へ移動');
  await expect(row(page, second.name)).toBeHidden();
  await page.getByRole('tab', { name: /^ゴミ箱/ }).click();
  await expect(row(page, second.name)).toBeVisible();
  await page.getByRole('button', { name: 'ゴミ箱を空にする' }).click();
  await confirmWith(page, 'ゴミ箱を空にする');
  await expect(page.getByText('ゴミ箱は空です。')).toBeVisible();
  await page.getByRole('tab', { name: /^すべて/ }).click();
  await expect(row(page, first.name)).toBeVisible();
  await expect(row(page, second.name)).toBeHidden();
});
