import { expect, test, type Browser, type Page } from './fixtures';
import { ADMIN } from '../support/env';
import { loginAs, nextDeliveryMinute, openGroupFromHome, topicFeedList, topicFeedRow, waitForTopicFeed } from './helpers';

/**
 * End to end: scheduled delivery and the edit lock. Both run in 営業一課, which no other
 * spec writes to. E0001 administers it; E0009 (小林 さくら) is a plain reader there and E0012
 * (山田 愛) has role_edit_topic (seed-data.ts demoRoles: even indexes may edit topics).
 */
const GROUP = '営業一課';
const READER = 'E0009';
const CO_EDITOR = { employeeNumber: 'E0012', name: '山田 愛' };
const ADMIN_NAME = '佐藤 太郎';

/** Fills the create form and posts it; returns the new topic's path. */
async function postTopic(page: Page, groupId: number, title: string, opts: { delivery?: string; multiEdit?: boolean } = {}) {
  await page.goto(`/group/${groupId}/new-feed`);
  await page.getByRole('link', { name: 'トピックを作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic-create$`));
  await page.getByLabel(/^タイトル/).fill(title);
  await page.getByRole('textbox', { name: '本文' }).click();
  await page.keyboard.type(`${title}の本文です。`);
  if (opts.multiEdit) await page.getByRole('checkbox', { name: /^共同編集を許可する/ }).check();
  if (opts.delivery) await page.getByLabel('配信日時').fill(opts.delivery);
  await page.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

async function newUserPage(browser: Browser, employeeNumber: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, employeeNumber);
  return { context, page };
}

test('a scheduled topic is the author’s alone until its time, then reaches a member as unread', async ({ page, browser }) => {
  // The editor schedules by the minute: up to ~100 s of waiting for the time to come.
  test.setTimeout(240_000);
  const title = `月次の連絡 ${Date.now().toString(36)}`;
  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, GROUP);
  const feedPath = `/group/${groupId}/new-feed`;

  // At least 40 s ahead, so the "not yet" checks below surely run before the time.
  const delivery = nextDeliveryMinute(40_000);
  const topicPath = await postTopic(page, groupId, title, { delivery: delivery.local });
  await expect(page.getByText('配信予約', { exact: true })).toBeVisible();
  await page.goto(feedPath);
  await expect(topicFeedRow(page, title)).toContainText('配信予約');

  const reader = await newUserPage(browser, READER);
  try {
    await reader.page.goto(feedPath);
    await waitForTopicFeed(reader.page);
    await expect(topicFeedRow(reader.page, title)).toHaveCount(0);
    // The topic itself is not reachable by its address either.
    await reader.page.goto(topicPath);
    await expect(reader.page.getByRole('alert')).toBeVisible();
    await expect(reader.page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    // Guards the checks above: they prove nothing if they ran after the delivery time.
    expect(Date.now()).toBeLessThan(delivery.at);

    await reader.page.goto(feedPath);
    await expect
      .poll(
        async () => {
          // No expect() in here: a failed one would end the poll instead of retrying it.
          await reader.page.reload();
          await topicFeedList(reader.page).or(reader.page.getByText('トピックはまだありません。')).waitFor();
          return topicFeedRow(reader.page, title).count();
        },
        { timeout: 130_000, intervals: [5_000] },
      )
      .toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(delivery.at);
    const row = topicFeedRow(reader.page, title);
    await expect(row).toContainText('未読');
    await expect(row).not.toContainText('配信予約');
    await reader.page.getByRole('tab', { name: /^未読/ }).click();
    await expect(topicFeedRow(reader.page, title)).toBeVisible();

    // Opening it reads it.
    await row.getByRole('link', { name: title, exact: true }).click();
    await expect(reader.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.page.getByText(`${title}の本文です。`)).toBeVisible();
    await reader.page.goto(feedPath);
    await expect(topicFeedRow(reader.page, title)).not.toContainText('未読');
  } finally {
    await reader.context.close();
  }

  // For the author it is an ordinary delivered topic now.
  await page.reload();
  await expect(topicFeedRow(page, title)).not.toContainText('配信予約');
});

test('a second editor is refused while the first holds the edit lock, and gets it once the first leaves', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `編集ロックの確認 ${Date.now().toString(36)}`;
  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, GROUP);
  // Collaborative editing lets E0012, who did not write it, edit it too.
  const topicPath = await postTopic(page, groupId, title, { multiEdit: true });
  const updatePath = topicPath.replace('/topic/', '/topic-update/');

  await page.getByRole('link', { name: '編集', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${updatePath}$`));
  await expect(page.getByLabel(/^タイトル/)).toHaveValue(title);

  const second = await newUserPage(browser, CO_EDITOR.employeeNumber);
  try {
    await second.page.goto(topicPath);
    await second.page.getByRole('link', { name: '編集', exact: true }).click();
    await expect(second.page).toHaveURL(new RegExp(`${updatePath}$`));
    await expect(second.page.getByRole('alert')).toHaveText(
      `このトピックは${ADMIN_NAME}さんが編集中です。しばらくしてからもう一度お試しください。`,
    );
    await expect(second.page.getByLabel(/^タイトル/)).toHaveCount(0);
    await expect(second.page.getByRole('button', { name: '保存する' })).toHaveCount(0);

    // The first editor leaves the editor (in-app navigation): its lock is given back.
    const released = page.waitForResponse((r) => r.url().includes('/unlock-topic/') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(new RegExp(`${topicPath}$`));
    expect((await released).ok()).toBe(true);

    await second.page.reload();
    const titleField = second.page.getByLabel(/^タイトル/);
    await expect(titleField).toHaveValue(title);
    await expect(second.page.getByRole('alert')).toHaveCount(0);

    // Now the roles are swapped: the first is refused, naming the second.
    await page.goto(updatePath);
    await expect(page.getByRole('alert')).toHaveText(
      `このトピックは${CO_EDITOR.name}さんが編集中です。しばらくしてからもう一度お試しください。`,
    );

    // The lock holder saves under it, and saving leaves the editor.
    await titleField.fill(`${title}（改）`);
    await second.page.getByRole('button', { name: '保存する' }).click();
    await expect(second.page).toHaveURL(new RegExp(`${topicPath}$`));
    await expect(second.page.getByRole('heading', { level: 1, name: `${title}（改）` })).toBeVisible();

    // Leaving by loading another page (no in-app navigation, nothing unmounts) frees it too.
    await page.reload();
    await expect(page.getByLabel(/^タイトル/)).toHaveValue(`${title}（改）`);
    await second.page.goto(updatePath);
    await expect(second.page.getByRole('alert')).toContainText(`${ADMIN_NAME}さんが編集中です。`);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'グループ一覧' })).toBeVisible();
    await second.page.reload();
    await expect(second.page.getByLabel(/^タイトル/)).toHaveValue(`${title}（改）`);
  } finally {
    await second.context.close();
  }
});
