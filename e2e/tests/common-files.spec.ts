import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { MEMBER } from '../support/env';
import { loginAs } from './helpers';

/**
 * The common shared folder end to end: a holder of the common-topic right (E0003)
 * uploads a file with a Japanese name; a plain member (E0002) finds it unread, opens it and
 * downloads it byte for byte, and is offered no upload.
 */

const HOLDER = 'E0003';
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('common files: a right holder uploads, a member reads and downloads it', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const doc = {
    name: `全社規程_${stamp}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`就業規則 改定のお知らせ ${stamp}\n第1条 目的\n`),
  };

  await loginAs(page, HOLDER);
  await page.goto('/common-topic/topics');
  await page.getByRole('navigation', { name: '共通エリアのメニュー' }).getByRole('link', { name: '共通共有フォルダ' }).click();
  await expect(page).toHaveURL(/\/common-topic\/shared-folder$/);
  await expect(page.getByRole('heading', { level: 1, name: '共通共有フォルダ' })).toBeVisible();
  await page.getByRole('button', { name: 'ファイルをアップロード' }).click();
  await page.getByLabel('ファイルを選択（ドラッグ＆ドロップもできます）').setInputFiles(doc);
  await page.getByLabel('メモ').fill('全社員向け');
  await page.getByRole('button', { name: 'アップロード', exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: '1件のファイルをアップロードしました。' })).toBeVisible();
  await expect(row(page, doc.name)).toBeVisible();
  await expect(page.getByRole('region', { name: '会社全体の保存容量' })).toBeVisible();

  const member = await (await browser.newContext()).newPage();
  await loginAs(member, MEMBER.employeeNumber);
  await member.goto('/common-topic/shared-folder');
  await expect(row(member, doc.name)).toBeVisible();
  await expect(row(member, doc.name).getByText('未読', { exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: 'ファイルをアップロード' })).toHaveCount(0);
  await member.getByRole('tab', { name: '未読のみ' }).click();
  await expect(row(member, doc.name)).toBeVisible();

  await member.getByRole('link', { name: doc.name, exact: true }).click();
  await expect(member).toHaveURL(/\/common-topic\/shared-folder\/file\/\d+$/);
  await expect(member.getByRole('heading', { level: 1, name: new RegExp(`${doc.name.replace('.', '\\.')}$`) })).toBeVisible();
  await expect(member.getByRole('definition').filter({ hasText: /^全社員向け$/ })).toBeVisible();
  await expect(member.getByRole('definition').filter({ hasText: /^既読$/ })).toBeVisible();
  await expect(member.getByRole('link', { name: '上書き（新しいバージョン）' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'このファイルを削除' })).toHaveCount(0);
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    member.getByRole('button', { name: 'ダウンロード', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(doc.name);
  expect((await readFile((await download.path())!)).equals(doc.buffer)).toBe(true);

  // Read now: back on the list it has no unread mark, and the unread-only list no longer has it.
  await member.getByRole('link', { name: '共通共有フォルダへ戻る' }).click();
  await expect(row(member, doc.name)).toBeVisible();
  await expect(row(member, doc.name).getByText('未読', { exact: true })).toHaveCount(0);
  await member.getByRole('tab', { name: '未読のみ' }).click();
  await expect(row(member, doc.name)).toHaveCount(0);
  await member.context().close();
});
