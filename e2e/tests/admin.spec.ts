import iconv from 'iconv-lite';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForMail } from '../support/mail';
import { ADMIN } from '../support/env';
import { expectSuccess, field, loginAs, loginByEmployeeNumber, gotoLogin, setLanguageByApi } from './helpers';

/**
 * Company administration. A Shift_JIS CSV of 50 employees with two bad rows is fixed
 * and applied; one of them sets a password from the mailed link and logs in; retiring them ends
 * that session; both events are in the audit trail; the same screens in English.
 */

const HEADER = '社員番号,姓,名,姓かな,名かな,メールアドレス,部署,グループ';
const SURNAMES: [string, string][] = [
  ['髙橋', 'たかはし'],
  ['山﨑', 'やまさき'],
  ['佐藤', 'さとう'],
  ['鈴木', 'すずき'],
  ['田中', 'たなか'],
];
const num = (i: number) => `IMP${String(i).padStart(3, '0')}`;

function employeesCsv(broken: boolean): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= 50; i++) {
    const [sur, kana] = SURNAMES[i % SURNAMES.length]!;
    // Two rows a real HR export gets wrong: katakana reading, and a malformed address.
    const surKana = broken && i === 10 ? 'タナカ' : kana;
    const email = broken && i === 20 ? 'imp020-at-sakura' : `imp${String(i).padStart(3, '0')}@sakura-seiki.example`;
    lines.push([num(i), sur, `社員${i}`, surKana, 'しゃいん', email, 'ｴｲｷﾞｮｳﾌﾞ', '全社連絡'].join(','));
  }
  return iconv.encode(lines.join('\r\n') + '\r\n', 'cp932');
}

async function upload(page: Page, file: Buffer) {
  await page.getByLabel('CSVファイル').setInputFiles({ name: 'staff-sjis.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: '内容を確認' }).click();
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await setLanguageByApi(request, ADMIN.employeeNumber, 'ja');
});

test('import Shift_JIS CSV, password-set mail login, retire ends the session, audit trail shows both', async ({ page, browser }) => {
  await loginAs(page, ADMIN.employeeNumber);
  // The entry is in the settings menu for a company administrator.
  await page.goto('/setting/account-info');
  await page.getByRole('link', { name: '会社管理' }).first().click();
  await expect(page.getByRole('heading', { name: '会社管理', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'CSV取り込み・書き出し' }).click();

  await upload(page, employeesCsv(true));
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('全50行: 新規 48、変更 0、変更なし 0、取り込めない行 2');
  await expect(summary).toContainText('Shift_JIS');
  await expect(page.getByRole('row', { name: /^11 IMP010 .*取り込めない/ })).toContainText('姓（ひらがな）');
  await expect(page.getByRole('row', { name: /^21 IMP020 .*取り込めない/ })).toContainText('メールアドレス');
  await expect(page.getByRole('button', { name: '反映する' })).toHaveCount(0);

  await upload(page, employeesCsv(false));
  await expect(summary).toContainText('全50行: 新規 50、変更 0、変更なし 0、取り込めない行 0');
  await page.getByRole('button', { name: '反映する' }).click();
  await expect(page.getByText('反映しました（新規 50、変更 0）。')).toBeVisible({ timeout: 30_000 });

  // Password-set mail for one of them.
  await page.getByRole('tab', { name: '社員' }).click();
  const search = page.getByRole('searchbox');
  await search.fill('IMP005');
  await search.press('Enter');
  await page.getByRole('link', { name: '髙橋 社員5' }).click();
  await expect(field(page, '部署')).toHaveValue('ｴｲｷﾞｮｳﾌﾞ');
  const since = Date.now();
  await page.getByRole('button', { name: 'パスワード設定メールを送る' }).click();
  await expectSuccess(page, 'パスワード設定メールを送りました。');
  const mail = await waitForMail('imp005@sakura-seiki.example', since);
  expect(mail.subject).toContain('パスワード設定');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]);

  const other = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const employee = await other.newPage();
  await employee.goto(link.pathname + link.search);
  const password = 'Imported#2026';
  await employee.getByLabel('新しいパスワード', { exact: true }).fill(password);
  await employee.getByLabel('新しいパスワード（確認）').fill(password);
  await employee.getByRole('button', { name: 'パスワードを再設定する' }).click();
  await expect(employee).toHaveURL(/\/login/);
  await gotoLogin(employee);
  await loginByEmployeeNumber(employee, num(5), password);
  await expect(employee).toHaveURL(/\/$/);

  // Retire them while they are logged in elsewhere: their session ends.
  await page.getByRole('button', { name: '退職させる' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '退職させる' }).click();
  await expectSuccess(page, '退職にしました。');
  await expect(page.getByText('退職済み')).toBeVisible();
  await employee.goto('/setting/account-info');
  await expect(employee).toHaveURL(/\/login/, { timeout: 15_000 });
  await loginByEmployeeNumber(employee, num(5), password);
  await expect(employee).toHaveURL(/\/login/);
  await other.close();

  // Both events in the audit trail.
  await page.getByRole('tab', { name: '操作ログ' }).click();
  await page.getByLabel('操作').selectOption({ label: '退職' });
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByRole('row').filter({ hasText: '髙橋 社員5 (IMP005)' })).toHaveCount(1);
  await page.getByLabel('操作').selectOption({ label: 'CSV取り込み' });
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'staff-sjis.csv' })).toContainText('新規 50件');
});

test('English: the same area and the audit trail in en', async ({ page, request }) => {
  await setLanguageByApi(request, ADMIN.employeeNumber, 'en');
  await loginAs(page, ADMIN.employeeNumber);
  await page.goto('/setting/admin/audit');
  await expect(page.getByRole('heading', { name: 'Company administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit trail' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Action').selectOption({ label: 'Employee retired' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'IMP005' })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Employees' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Left' });
  await expect(page.getByRole('link', { name: '髙橋 社員5' })).toBeVisible();
  await page.getByRole('tab', { name: 'CSV import and export' }).click();
  await expect(page.getByRole('heading', { name: 'Import employees from CSV' })).toBeVisible();
});
