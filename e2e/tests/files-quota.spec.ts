import { expect, test, type Page } from './fixtures';
import { ADMIN } from '../support/env';
import { RunDatabase, storedFiles } from '../support/run-db';
import { loginAs, openGroupFromHome } from './helpers';

/**
 * Quotas end to end: a group given a small capacity fills up; the storage bar warns at
 * 80 % and when full; an upload that does not fit is refused with the spec's message and leaves
 * nothing behind (no row, no bytes, the list and the used figure as they were). The same for the
 * company's capacity. Runs in 東京支社, which no other spec writes files to; capacities are put
 * back afterwards so later specs see the demo defaults.
 */

const GROUP = '東京支社';
const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** The shared-folder page's amounts (StorageBar): bytes below 1 KB, KB below 1 MB, MB, GB from 1 GB. */
function amount(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(2)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return bytes < KB ? `${bytes} B` : `${Math.round(bytes / KB)} KB`;
}
const usageText = (used: number, capacity: number) =>
  `使用量 ${amount(used)} / ${amount(capacity)}（${((used / capacity) * 100).toFixed(2)}%）`;

const groupBar = (page: Page) => page.getByRole('region', { name: 'グループの保存容量' });
const companyBar = (page: Page) => page.getByRole('region', { name: '会社全体の保存容量' });
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

function file(name: string, bytes: number) {
  return { name, mimeType: 'text/plain', buffer: Buffer.alloc(bytes, 'A') };
}

async function uploadFrom(page: Page, groupId: number, f: ReturnType<typeof file>) {
  await page.goto(`/group/${groupId}/shared-folder/file-create`);
  await page.getByLabel('ファイルを選択（ドラッグ＆ドロップもできます）').setInputFiles(f);
  await page.getByRole('button', { name: 'アップロード', exact: true }).click();
}

test('a small group quota fills up: warnings at 80 % and full, a refused upload stores nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const db = new RunDatabase();
  const stamp = Date.now().toString(36);
  const group = db.group(GROUP);
  // Room for exactly 100 KB more than the group already holds.
  const capacity = group.usedBytes + 100 * KB;
  const restore = db.setGroupCapacity(group.id, capacity);
  try {
    await loginAs(page, ADMIN.employeeNumber);
    const groupId = await openGroupFromHome(page, GROUP);
    expect(groupId).toBe(group.id);

    const first = file(`見積書_${stamp}.txt`, 85 * KB);
    await uploadFrom(page, groupId, first);
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));
    await expect(row(page, first.name)).toBeVisible();
    let used = group.usedBytes + first.buffer.length;
    await expect(groupBar(page).getByText(usageText(used, capacity), { exact: true })).toBeVisible();
    await expect(groupBar(page).getByRole('alert')).toHaveText('使用量が容量の80%を超えました。不要なファイルを削除してください。');

    // 30 KB more does not fit: refused with the spec's message, on the upload page.
    const before = { rows: db.groupFileNames(groupId), disk: storedFiles(groupId) };
    const tooBig = file(`図面_${stamp}.txt`, 30 * KB);
    await uploadFrom(page, groupId, tooBig);
    await expect(page.getByRole('alert')).toHaveText('グループの保存容量を超えています。不要なファイルを削除してください。');
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder/file-create$`));
    // Nothing of it: no row, no bytes (stored or staged), the same list and used figure.
    expect(db.groupFileNames(groupId)).toEqual(before.rows);
    expect(storedFiles(groupId)).toEqual(before.disk);
    expect(db.group(GROUP).usedBytes).toBe(used);
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));
    await expect(row(page, first.name)).toBeVisible();
    await expect(row(page, tooBig.name)).toHaveCount(0);
    await expect(groupBar(page).getByText(usageText(used, capacity), { exact: true })).toBeVisible();

    // What is left fits exactly: the group is then full.
    const last = file(`議事録_${stamp}.txt`, capacity - used);
    await uploadFrom(page, groupId, last);
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));
    used = capacity;
    await expect(row(page, last.name)).toBeVisible();
    await expect(groupBar(page).getByText(usageText(used, capacity), { exact: true })).toBeVisible();
    await expect(groupBar(page).getByRole('alert')).toHaveText('容量がいっぱいです。ファイルを追加できません。');
  } finally {
    restore();
    db.close();
  }
});

test('the company quota: warning on the shared folder, refusal with EXCEED_COMPANY_STORAGE_CAPACITY', async ({ page }) => {
  test.setTimeout(120_000);
  const db = new RunDatabase();
  const stamp = Date.now().toString(36);
  const group = db.group(GROUP);
  const company = db.company(group.companyId);
  // 45 KB left for the whole company; the group itself has room (its demo capacity).
  const capacity = company.usedBytes + 45 * KB;
  const restore = db.setCompanyCapacity(group.companyId, capacity);
  try {
    await loginAs(page, ADMIN.employeeNumber);
    const groupId = await openGroupFromHome(page, GROUP);
    await page.goto(`/group/${groupId}/shared-folder`);
    await expect(groupBar(page)).toBeVisible();

    // 40 KB of the 45 left: over 80 % of the company's capacity, while the group is far from full.
    const fits = file(`社内報_${stamp}.txt`, 40 * KB);
    await uploadFrom(page, groupId, fits);
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/shared-folder$`));
    await expect(row(page, fits.name)).toBeVisible();
    const used = company.usedBytes + fits.buffer.length;
    await expect(groupBar(page).getByRole('alert')).toHaveCount(0);
    await expect(companyBar(page).getByText(usageText(used, capacity), { exact: true })).toBeVisible();
    await expect(companyBar(page).getByRole('alert')).toHaveText(
      '会社全体の保存容量の使用量が80%を超えました。管理者にお問い合わせください。',
    );

    const before = { rows: db.groupFileNames(groupId), disk: storedFiles(groupId) };
    const refused = file(`報告書_${stamp}.txt`, 20 * KB);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/groups/${groupId}/share-folder-upload-file`));
    await uploadFrom(page, groupId, refused);
    const res = await answer;
    expect(res.status()).toBe(400);
    expect((await res.json()).status_code).toBe('EXCEED_COMPANY_STORAGE_CAPACITY');
    await expect(page.getByRole('alert')).toHaveText('会社全体の保存容量を超えています。管理者にお問い合わせください。');
    expect(db.groupFileNames(groupId)).toEqual(before.rows);
    expect(storedFiles(groupId)).toEqual(before.disk);
    expect(db.company(group.companyId).usedBytes).toBe(used);
  } finally {
    restore();
    db.close();
  }
});
