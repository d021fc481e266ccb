import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { png } from '../support/png';
import { ADMIN, DEMO_PASSWORD, MEMBER } from '../support/env';
import { loginAs, openGroupFromHome, SIGNED_INLINE } from './helpers';

/**
 * Comment attachments end to end: E0002 (a plain member of 東京支社) comments on E0001's topic with an
 * attached image and PDF and an inserted image. E0001 sees the inserted image rendered and the two
 * files under the comment, downloads the PDF byte for byte and both as one zip.
 */

const GROUP = '東京支社';
const API = '/service/api/v1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% コメント添付の試験\ntrailer <<>>\n%%EOF\n');

test('a comment with an image and a PDF is seen and downloaded by another member', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await loginAs(page, ADMIN.employeeNumber);
  const groupId = await openGroupFromHome(page, GROUP);

  // The topic itself is not under test: posted through the API.
  const login = await request.post(`${API}/auth/login`, { data: { employee_number: ADMIN.employeeNumber, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { items: { access_token: string } }).items.access_token;
  const created = await request.post(`${API}/members/me/groups/${groupId}/topics/new-topic`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      topic_title: '現場写真の共有',
      content: '<p>写真と資料はコメントでお願いします。</p>',
      how_nice: ['1'],
      comment_options: ['1'],
    },
  });
  expect(created.ok()).toBe(true);
  const topicId = ((await created.json()) as { items: { id: number } }).items.id;
  const topicPath = `/group/${groupId}/topic/${topicId}`;

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  try {
    await loginAs(member, MEMBER.employeeNumber);
    await member.goto(topicPath);
    await expect(member.getByRole('heading', { level: 1, name: '現場写真の共有' })).toBeVisible();
    await member.getByLabel('コメントを書く').fill('現場の写真と見積書です');
    await member.getByLabel('ファイルを添付').setInputFiles([
      { name: '現場.png', mimeType: 'image/png', buffer: png(640, 240) },
      { name: '見積書.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(member.getByRole('list', { name: 'このコメントに添付するファイル' })).toContainText('見積書.pdf');
    await member.getByLabel('画像を挿入').setInputFiles({ name: '配置図.png', mimeType: 'image/png', buffer: png(320, 200) });
    const pending = member.getByRole('list', { name: 'このコメントに挿入する画像' }).getByRole('img');
    await expect(pending).toHaveAttribute('src', SIGNED_INLINE);
    await member.getByRole('button', { name: 'コメントする' }).click();
    const posted = member.locator('.ptop-comment').filter({ hasText: '現場の写真と見積書です' });
    await expect(posted.getByRole('region', { name: 'このコメントの添付ファイル（2）' })).toBeVisible();
    await expect(member.getByRole('list', { name: 'このコメントに添付するファイル' })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }

  await page.goto(topicPath);
  const shown = page.locator('.ptop-comment').filter({ hasText: '現場の写真と見積書です' });
  await expect(shown).toBeVisible();
  // The inserted image, from a short-lived link signed for the reader (no token in the URL).
  await expect(shown.locator('.ptop-content img')).toHaveAttribute('src', SIGNED_INLINE);
  await expect
    .poll(() =>
      shown
        .locator('.ptop-content img')
        .first()
        .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
    )
    .toBe(320);
  const files = shown.getByRole('region', { name: 'このコメントの添付ファイル（2）' });
  await expect(files.getByRole('button', { name: '現場.png' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('comment-attachments.png'), fullPage: true });

  const [pdf] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: '見積書.pdf' }).click()]);
  expect(pdf.suggestedFilename()).toBe('見積書.pdf');
  expect((await readFile((await pdf.path())!)).equals(PDF)).toBe(true);

  await files.getByRole('checkbox', { name: 'すべて選択' }).check();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: '選択したファイルをまとめてダウンロード（ZIP）' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('コメント_添付ファイル.zip');
  const bytes = await readFile((await zip.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  for (const name of ['現場.png', '見積書.pdf']) expect(bytes.includes(Buffer.from(name))).toBe(true);
});
