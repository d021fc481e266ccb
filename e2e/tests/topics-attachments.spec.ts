import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { png } from '../support/png';
import { ADMIN, MEMBER } from '../support/env';
import { loginAs, openGroupFromHome, topicFeedList, waitForTopicFeed, SIGNED_INLINE } from './helpers';

/** An inline image's signed link: the stored path plus user, expiry and signature. */

/**
 * Attachments and inline images: E0001 posts in 東京支社 (E0002 is a plain
 * member of it, seed-data.ts) a topic with an attachment, an inline image, anonymous comments
 * and 👍 as the like character. E0002 sees the image rendered, downloads the attachment
 * byte for byte, comments anonymously and likes; E0001 then sees the like and a comment with no
 * name. The 2-character title 日報 (no other topic in 東京支社 contains it; the seed's 週報 is in
 * 総務部) is then found with the feed's title filter.
 */

const GROUP = '東京支社';
const TITLE = '日報';
const LIKE = '👍';

/** Width the browser decoded an image to; 0 when it is not shown (broken, or never loaded). */
const naturalWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test('a topic with an attachment and an inline image: a member sees, downloads, comments anonymously and likes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const attachmentBytes = randomBytes(64 * 1024);
  const attachmentName = '計測データ_日報.bin';

  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, GROUP);
  await page.goto(`/group/${groupId}/new-feed`);
  await page.getByRole('link', { name: 'トピックを作成' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic-create$`));

  await page.getByLabel(/^タイトル/).fill(TITLE);
  await page.getByRole('textbox', { name: '本文' }).click();
  await page.keyboard.type('本日の作業報告です。');
  await page.getByLabel('挿入する画像を選択').setInputFiles({ name: '現場.png', mimeType: 'image/png', buffer: png(320, 200) });
  // In the editor the image shows from a signed link, never with a token in the URL.
  const editorImage = page.locator('.ptop-editor__content img');
  await expect(editorImage).toHaveAttribute('src', SIGNED_INLINE);
  await expect.poll(() => naturalWidth(page, '.ptop-editor__content img')).toBe(320);

  await page
    .getByLabel('ファイルを追加')
    .setInputFiles({ name: attachmentName, mimeType: 'application/octet-stream', buffer: attachmentBytes });
  await expect(page.getByRole('list', { name: '添付するファイル' })).toContainText(attachmentName);
  await page.getByLabel(/いいねの文字/).fill(LIKE);
  await page.getByRole('checkbox', { name: '匿名コメントを許可する' }).check();
  await page.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic/\\d+$`));
  const topicPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // Stored with the internal URL (the author's own view fetches it the same way).
  await expect(page.locator('.ptop-content img')).toHaveAttribute('src', SIGNED_INLINE);

  const memberContext = await browser.newContext({ acceptDownloads: true });
  const member = await memberContext.newPage();
  try {
    await loginAs(member, MEMBER.employeeNumber);
    await member.goto(topicPath);
    await expect(member.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(member.getByText('本日の作業報告です。')).toBeVisible();
    await expect(member.locator('.ptop-content img')).toHaveAttribute('src', SIGNED_INLINE);
    await expect.poll(() => naturalWidth(member, '.ptop-content img')).toBe(320);

    const box = member.getByRole('region', { name: '添付ファイル（1）' });
    await expect(box).toContainText('64 KB');
    await member.screenshot({ path: test.info().outputPath('topic-detail.png'), fullPage: true });
    const [download] = await Promise.all([member.waitForEvent('download'), box.getByRole('button', { name: attachmentName }).click()]);
    expect(download.suggestedFilename()).toBe(attachmentName);
    expect((await readFile((await download.path())!)).equals(attachmentBytes)).toBe(true);

    await member.getByRole('checkbox', { name: '匿名でコメントする' }).check();
    const comment = member.getByLabel('コメントを書く');
    await comment.fill('現場の写真を確認しました');
    await comment.press('Enter');
    await expect(member.getByRole('article', { name: '匿名のコメント' }).filter({ hasText: '現場の写真を確認しました' })).toBeVisible();
    await member.getByRole('button', { name: `${LIKE} 0`, exact: true }).click();
    await expect(member.getByRole('button', { name: `${LIKE} 1`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await memberContext.close();
  }

  await page.reload();
  await expect(page.getByRole('button', { name: `${LIKE} 1`, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { name: 'コメント（1）' })).toBeVisible();
  const liker = ((await page.getByText(/^いいねした人：/).textContent()) ?? '').replace(/^いいねした人：/, '').trim();
  expect(liker).not.toBe('');
  const anonymous = page.getByRole('article', { name: '匿名のコメント' });
  await expect(anonymous).toContainText('現場の写真を確認しました');
  await expect(anonymous).not.toContainText(liker);
  await expect(page.getByRole('article', { name: `${liker}のコメント` })).toHaveCount(0);

  // The 2-character Japanese title is found by the feed's title filter, and only it.
  await page.goto(`/group/${groupId}/new-feed`);
  await waitForTopicFeed(page);
  const filter = page.getByLabel('タイトルで絞り込み');
  await filter.fill(TITLE);
  await filter.press('Enter');
  await expect(topicFeedList(page).getByRole('listitem')).toHaveCount(1);
  await expect(topicFeedList(page).getByRole('link', { name: TITLE, exact: true })).toBeVisible();
});
