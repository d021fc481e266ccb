import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { png } from '../support/png';
import { loginAs, nav, setLanguageByApi } from './helpers';

/**
 * Chat end to end, two people in two browser contexts: A (E0006 渡辺 陽菜) makes a
 * chat with B (E0007 山本 大輔) from the picker; B sees it arrive and the navbar count rise without
 * reloading, replies to A's message with an image; A sees the quote and the image live. Then
 * Chromium's own IME (CDP Input.imeSetComposition) proves Enter mid-composition sends nothing,
 * in Japanese and in English.
 */
const A = { employeeNumber: 'E0006', name: '渡辺 陽菜' };
const B = { employeeNumber: 'E0007', name: '山本 大輔' };

const messages = (page: Page) => page.getByTestId('chat-message');

test('A makes a chat with B; B sees it and the unread count live, replies with an image; A sees the reply', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  try {
    await loginAs(b, B.employeeNumber);
    await expect(b.getByTestId('nav-chat-count')).toHaveAttribute('data-count', '0');

    await loginAs(page, A.employeeNumber);
    await nav(page, /^チャット/).click();
    await expect(page).toHaveURL(/\/chat\/list$/);
    await page.getByRole('button', { name: '新しいチャット' }).click();
    const picker = page.getByRole('dialog', { name: 'チャットを作成' });
    await expect(picker.getByRole('button', { name: 'チャット', exact: true })).toBeDisabled();
    await picker.getByLabel('グループ').selectOption({ label: '総務部' });
    const search = picker.getByRole('searchbox', { name: 'メンバーを検索' });
    await search.fill('  山本 ');
    await search.press('Enter');
    const results = picker.getByTestId('picker-results');
    await expect(results.getByText(B.name)).toBeVisible();
    await expect(results.getByRole('checkbox')).toHaveCount(1);
    await results.getByRole('checkbox').check();
    await picker.getByRole('button', { name: '選択したメンバーに追加' }).click();
    await expect(picker.getByTestId('picker-chosen').getByText(B.name)).toBeVisible();
    await picker.getByRole('button', { name: 'チャット', exact: true }).click();
    await expect(page).toHaveURL(/\/chat\/detail\/\d+$/);
    const chatPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 2, name: B.name })).toBeVisible();

    const box = page.getByRole('textbox', { name: 'メッセージ' });
    await box.fill('明日の会議の資料を送ってください');
    await box.press('Enter');
    await expect(messages(page).filter({ hasText: '明日の会議の資料を送ってください' })).toHaveCount(1);
    await expect(box).toHaveValue('');

    // B, without reloading: the navbar count and the list.
    await expect(b.getByTestId('nav-chat-count')).toHaveAttribute('data-count', '1', { timeout: 5000 });
    await nav(b, /^チャット/).click();
    const item = b.getByRole('list', { name: 'チャット一覧' }).getByRole('link', { name: new RegExp(A.name) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('明日の会議の資料を送ってください');
    await item.click();
    await expect(b).toHaveURL(new RegExp(`${chatPath}$`));
    const original = messages(b).filter({ hasText: '明日の会議の資料を送ってください' });
    await expect(original).toBeVisible();
    await expect(b.getByTestId('nav-chat-count')).toHaveAttribute('data-count', '0');

    // B replies to it with an image.
    await original.getByRole('button', { name: '返信' }).click();
    await expect(b.getByText(`${A.name}さんへの返信`)).toBeVisible();
    await b.getByTestId('chat-file-input').setInputFiles({ name: '資料.png', mimeType: 'image/png', buffer: png(320, 200) });
    const reply = messages(b).filter({ has: b.getByRole('img', { name: '画像: 資料.png' }) });
    await expect(reply).toBeVisible();
    await expect(reply.locator('blockquote')).toContainText('明日の会議の資料を送ってください');

    // A sees the reply, its quote and the image, live.
    const seen = messages(page).filter({ has: page.getByRole('img', { name: '画像: 資料.png' }) });
    await expect(seen).toBeVisible({ timeout: 5000 });
    await expect(seen.locator('blockquote')).toContainText('明日の会議の資料を送ってください');
    await expect(seen.getByText(B.name)).toBeVisible();
    // B has read A's message: a read receipt on it.
    const receipt = messages(page).filter({ hasText: '明日の会議の資料を送ってください' }).getByRole('button', { name: '既読 1' });
    await receipt.click();
    await expect(messages(page).filter({ hasText: '明日の会議の資料を送ってください' }).getByText(`既読: ${B.name}`)).toBeVisible();
  } finally {
    await bContext.close();
  }
});

async function setEnglish(page: Page) {
  await page.goto('/setting/setting-language');
  await page.getByLabel('English').check();
  await page.getByRole('button', { name: /保存/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

// The English IME test switches E0003 (shared with other specs) to English: put it back.
test.afterEach(async ({ request }, info) => {
  if (info.title.endsWith('(en)')) await setLanguageByApi(request, 'E0003', 'ja');
});

for (const lang of ['ja', 'en'] as const) {
  test(`Enter during an IME composition sends nothing until the composition is committed (${lang})`, async ({ page }) => {
    const L = lang === 'ja' ? { box: 'メッセージ', chat: 'チャット' } : { box: 'Message', chat: 'Chat' };
    // A demo one-to-one chat of E0003 with E0002 (seed-chat.ts).
    await loginAs(page, 'E0003');
    if (lang === 'en') await setEnglish(page);
    await page.goto('/chat/list');
    await page
      .getByRole('list', { name: lang === 'ja' ? 'チャット一覧' : 'Chats' })
      .getByRole('link', { name: /鈴木 花子/ })
      .click();
    await expect(page).toHaveURL(/\/chat\/detail\/\d+$/);
    const box = page.getByRole('textbox', { name: L.box });
    await expect(messages(page).first()).toBeVisible();
    const before = await messages(page).count();

    await box.click();
    const cdp = await page.context().newCDPSession(page);
    // The Enter an IME consumes: a keydown (no character) while Chromium holds a composition, so
    // the page sees it with isComposing set, as it does with a real Japanese IME.
    const imeEnter = async () => {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
    };
    // Record what the page's handler sees, so the test proves the Enters reached it mid-composition.
    await box.evaluate((el) => {
      const seen: boolean[] = [];
      (window as unknown as { imeEnters: boolean[] }).imeEnters = seen;
      el.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') seen.push((e as KeyboardEvent).isComposing);
      });
    });
    await cdp.send('Input.imeSetComposition', { text: 'かいぎ', selectionStart: 3, selectionEnd: 3 });
    await expect(box).toHaveValue('かいぎ');
    await imeEnter();
    await cdp.send('Input.imeSetComposition', { text: '会議', selectionStart: 2, selectionEnd: 2 });
    await imeEnter();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { imeEnters: boolean[] }).imeEnters)).toEqual([true, true]);
    await expect(messages(page)).toHaveCount(before);

    // Committing the composition puts the text in the box; only the next Enter sends it.
    await cdp.send('Input.insertText', { text: '会議' });
    await expect(box).toHaveValue('会議');
    await expect(messages(page)).toHaveCount(before);
    await box.press('Shift+Enter');
    await box.pressSequentially('は3時から');
    await expect(box).toHaveValue('会議\nは3時から');
    await box.press('Enter');
    await expect(messages(page)).toHaveCount(before + 1);
    await expect(messages(page).last()).toContainText(/会議\s*は3時から/);
    await expect(box).toHaveValue('');
    await expect(nav(page, new RegExp(`^${L.chat}`))).toBeVisible();
  });
}
