import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, MEMBER } from '../support/env';
import { loginAs, setLanguageByApi } from './helpers';

/**
 * Search end to end. E0001 (administrator of every group) posts through the API; E0002 (a
 * member of 開発チーム, not of 大阪支社) and, in English, E0006 (総務部 only) search from the
 * header modal. The chat part of the scenario waits for chat to index its messages.
 */
const API = '/service/api/v1';
const stamp = `e2e${Date.now().toString(36)}`;

async function token(request: APIRequestContext, employeeNumber: string) {
  const res = await request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

async function post(request: APIRequestContext, auth: string, groupName: string, title: string, body: string) {
  const headers = { authorization: `Bearer ${auth}` };
  const groups = (await (await request.get(`${API}/members/me/groups?limit=99999`, { headers })).json()) as {
    items: { data: { id: number; name: string }[] };
  };
  const g = groups.items.data.find((x) => x.name === groupName)!;
  const res = await request.post(`${API}/members/me/groups/${g.id}/topics/new-topic`, {
    headers,
    data: { topic_title: title, content: `<p>${body}</p>` },
  });
  expect(res.status()).toBe(200);
}

async function openSearch(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog');
}

test.beforeAll(async ({ request }) => {
  const admin = await token(request, ADMIN.employeeNumber);
  await post(request, admin, '開発チーム', `合同会議${stamp}`, '来週から東京支社と合同で会議を行います。');
  await post(request, admin, '大阪支社', `出張報告${stamp}`, '東京への出張の報告です。');
  await post(request, admin, '開発チーム', `トウキョウ案内${stamp}`, '地図を添付します。');
  await post(request, admin, '総務部', `備品${stamp}`, '東京本社の備品一覧');
});

test('ja: 東京 finds the topic with 東京支社 but not another group’s; ﾄｳｷｮｳ finds トウキョウ; a custom range survives a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, MEMBER.employeeNumber);

  let dialog = await openSearch(page, '検索を開く');
  await dialog.getByRole('button', { name: '検索する' }).click();
  await expect(dialog.getByText('検索対象を選択してください')).toBeVisible();
  await expect(dialog.getByText('キーワードを入力してください')).toBeVisible();
  await dialog.getByLabel('トピック').check();
  await dialog.getByLabel(/キーワード/).fill('東京');
  await dialog.getByLabel(/キーワード/).press('Enter');
  await expect(page).toHaveURL(/\/search-result\?target_search=1&keyword_search=%E6%9D%B1%E4%BA%AC&time_range=0$/);
  const hits = page.locator('.shell-search-hits');
  await expect(hits.getByRole('link', { name: `合同会議${stamp}` })).toBeVisible();
  await expect(hits.locator('mark', { hasText: '東京' }).first()).toBeVisible();
  await expect(hits.getByText(`出張報告${stamp}`)).toHaveCount(0);

  dialog = await openSearch(page, '検索を開く');
  await dialog.getByLabel('トピック').check();
  await dialog.getByLabel(/キーワード/).fill('ﾄｳｷｮｳ');
  await dialog.getByRole('button', { name: '検索する' }).click();
  const kana = hits.getByRole('link', { name: `トウキョウ案内${stamp}` });
  await expect(kana).toBeVisible();
  await expect(kana.locator('mark')).toHaveText('トウキョウ');

  // A custom range: YYYY-MM-DD in the picker, YYYY/MM/DD in the URL, kept through a reload.
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  dialog = await openSearch(page, '検索を開く');
  await dialog.getByLabel('トピック').check();
  await dialog.getByLabel('期間').selectOption({ label: '期間を指定' });
  await dialog.getByLabel('開始日').fill(monthStart);
  await dialog.getByLabel('終了日').fill(today);
  await dialog.getByLabel(/キーワード/).fill('東京支社');
  await dialog.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/time_range=5/);
  const url = new URL(page.url());
  expect(url.searchParams.get('time_start')).toBe(monthStart.replace(/-/g, '/'));
  expect(url.searchParams.get('time_end')).toBe(today.replace(/-/g, '/'));
  await page.reload();
  await expect(hits.getByRole('link', { name: `合同会議${stamp}` })).toBeVisible();
  await page.getByText('検索条件', { exact: true }).click();
  await expect(page.getByLabel('開始日')).toHaveValue(monthStart);

  // The query can be saved and reopened from the saved list.
  await page.getByRole('button', { name: 'この検索条件を保存' }).click();
  await expect(page.getByRole('button', { name: '保存済み' })).toBeDisabled();
  await expect(page.getByRole('region', { name: '保存した検索' }).getByRole('link', { name: '東京支社' })).toBeVisible();

  // Opening a hit opens the topic.
  await hits.getByRole('link', { name: `合同会議${stamp}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `合同会議${stamp}` })).toBeVisible();
});

// The English test switches E0006 (shared with other specs) to English: put it back.
test.afterEach(async ({ request }, info) => {
  if (info.title.startsWith('en:')) await setLanguageByApi(request, 'E0006', 'ja');
});

test('en: the modal and the result page speak English and find only readable topics', async ({ page, request }) => {
  test.setTimeout(120_000);
  const auth = await token(request, 'E0006');
  await request.patch(`${API}/members/me/setting-language`, { headers: { authorization: `Bearer ${auth}` }, data: { code: 'en' } });
  await loginAs(page, 'E0006');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const dialog = await openSearch(page, 'Open search');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog.getByText('Please select a search target')).toBeVisible();
  await dialog.getByLabel('Topics').check();
  await dialog.getByLabel(/Keyword/).fill('とうきょう');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Search results' })).toBeVisible();
  await expect(page.getByText('Nothing matches these conditions.')).toBeVisible();
  await page.goto(`/search-result?target_search=1&keyword_search=${encodeURIComponent('東京')}&time_range=0`);
  await expect(page.locator('.shell-search-hits').getByRole('link', { name: `備品${stamp}` })).toBeVisible();
  await expect(page.locator('.shell-search-hits').getByText(`合同会議${stamp}`)).toHaveCount(0);
});
