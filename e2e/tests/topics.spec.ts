import { expect, test } from './fixtures';
import { ADMIN, MEMBER } from '../support/env';
import { loginAs, openGroupFromHome } from './helpers';

/**
 * Group topics end to end: E0001 (administrator of every group) posts a topic in
 * 開発チーム, E0002 (a plain member of it, seed-data.ts) comments and likes it, and E0001 sees
 * both (the comment live on the topic they keep open). The feed's title filter, attachments,
 * inline images and anonymous comments are in topics-attachments.spec.ts.
 */
test('a posted topic gets a comment and a like from a member, and its author sees the counts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, '開発チーム');
  await page.getByRole('tablist', { name: 'グループメニュー' }).getByRole('tab', { name: '新着フィード' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/new-feed$`));
  await page.getByRole('link', { name: 'トピックを作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic-create$`));

  await page.getByLabel(/^タイトル/).fill('週報');
  await page.getByRole('textbox', { name: '本文' }).click();
  await page.keyboard.type('今週の予定です。');
  await page.getByRole('button', { name: '太字' }).click();
  await page.keyboard.type('締切は金曜');
  await page.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic/\\d+$`));
  const topicPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: '週報' })).toBeVisible();
  await expect(page.locator('.ptop-content strong')).toHaveText('締切は金曜');

  // The 2-character title is in the feed.
  await page.getByRole('link', { name: '新着トピックへ戻る' }).click();
  await expect(page.getByRole('list', { name: 'トピック一覧' }).getByRole('link', { name: '週報', exact: true })).toBeVisible();

  // The author keeps the topic open: the member's comment appears on it from the realtime event,
  // without the page asking for its comments again.
  await page.goto(topicPath);
  // The empty state, not the heading: the heading says （0） while the page is still loading.
  await expect(page.getByText('コメントはまだありません。')).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  try {
    await loginAs(member, MEMBER.employeeNumber);
    await member.goto(topicPath);
    await expect(member.getByRole('heading', { level: 1, name: '週報' })).toBeVisible();
    // A plain member cannot edit.
    await expect(member.getByRole('link', { name: '編集' })).toHaveCount(0);
    const box = member.getByLabel('コメントを書く');
    await box.fill('確認しました');
    const commentReads: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/get-all-comment-by-topic-id/')) commentReads.push(req.url());
    });
    await box.press('Enter');
    await expect(member.getByRole('article', { name: /のコメント$/ }).filter({ hasText: '確認しました' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('article', { name: /のコメント$/ }).filter({ hasText: '確認しました' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'コメント（1）' })).toBeVisible();
    expect(commentReads).toEqual([]);
    await member.getByRole('button', { name: 'いいね 0', exact: true }).click();
    await expect(member.getByRole('button', { name: 'いいね 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await memberContext.close();
  }

  await page.goto(topicPath);
  await expect(page.getByRole('button', { name: 'いいね 1', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { name: 'コメント（1）' })).toBeVisible();
  await expect(page.getByText('確認しました')).toBeVisible();
  await expect(page.getByText(/^いいねした人：/)).toBeVisible();
});
