import { expect, test, type Page } from './fixtures';
import { MEMBER } from '../support/env';
import { loginAs } from './helpers';

/**
 * Common topics end to end: E0003 (the common-topic right) sends a company-wide topic to
 * 大阪支社 only and hides the destination from readers. E0019 (a member of 大阪支社, seed-data.ts)
 * sees it unread from home's common topic link, opens it without the destination tag and likes
 * it; E0002 (not in 大阪支社) never sees it; the author still sees where it went.
 */

const AUTHOR = 'E0003';
const READER = 'E0019';
const TITLE = `大阪支社への全社連絡 ${Date.now() % 100000}`;

const feed = (page: Page) => page.getByRole('list', { name: 'トピック一覧' });
const destinations = (page: Page) => page.getByRole('list', { name: '配信先グループ' });

test('a common topic reaches only its destination group, with the destination hidden from readers', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAs(page, AUTHOR);
  await page.getByRole('region', { name: '共通トピック' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/common-topic\/topics$/);
  await page.getByRole('link', { name: '共通トピックを作成' }).click();
  await expect(page).toHaveURL(/\/common-topic\/topic-create$/);

  await page.getByLabel(/^タイトル/).fill(TITLE);
  await page.getByRole('textbox', { name: '本文' }).click();
  await page.keyboard.type('来週の避難訓練は大阪支社のみ実施します。');
  // No destination yet: the form says so and sends nothing.
  await page.getByRole('button', { name: '投稿する' }).click();
  await expect(page.getByText('配信先グループを1つ以上選択してください。')).toBeVisible();
  await expect(page).toHaveURL(/\/common-topic\/topic-create$/);
  await page.getByRole('checkbox', { name: '大阪支社' }).check();
  await page.getByRole('checkbox', { name: '配信先グループを閲覧者に表示しない' }).check();
  await page.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(/\/common-topic\/topic\/\d+$/);
  const topicPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The author sees where it went.
  await expect(destinations(page).getByText('大阪支社')).toBeVisible();

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  try {
    await loginAs(reader, READER);
    const link = reader.getByRole('region', { name: '共通トピック' }).getByRole('link');
    await expect(link).toContainText(/未読 [1-9]\d* 件/);
    await link.click();
    const row = feed(reader).getByRole('listitem').filter({ hasText: TITLE });
    await expect(row.getByText('未読')).toBeVisible();
    await row.getByRole('link', { name: TITLE }).click();
    await expect(reader).toHaveURL(new RegExp(`${topicPath}$`));
    await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(reader.getByText('来週の避難訓練は大阪支社のみ実施します。')).toBeVisible();
    await expect(destinations(reader)).toHaveCount(0);
    await expect(reader.getByRole('link', { name: '編集' })).toHaveCount(0);
    await reader.getByRole('button', { name: 'いいね 0', exact: true }).click();
    await expect(reader.getByRole('button', { name: 'いいね 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await reader.getByRole('link', { name: '共通トピックへ戻る' }).click();
    await expect(feed(reader).getByRole('listitem').filter({ hasText: TITLE }).getByText('未読')).toHaveCount(0);
  } finally {
    await readerContext.close();
  }

  const outsiderContext = await browser.newContext();
  const outsider = await outsiderContext.newPage();
  try {
    await loginAs(outsider, MEMBER.employeeNumber);
    await outsider.goto('/common-topic/topics');
    await expect(feed(outsider).or(outsider.getByText('共通トピックはまだありません。'))).toBeVisible();
    await expect(outsider.getByRole('link', { name: TITLE })).toHaveCount(0);
    // Not even by its address.
    await outsider.goto(topicPath);
    await expect(outsider.getByRole('alert')).toHaveText('トピックが見つかりません。');
    await expect(outsider.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);
  } finally {
    await outsiderContext.close();
  }
});
