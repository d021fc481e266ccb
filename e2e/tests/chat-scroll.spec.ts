import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';
import { png } from '../support/png';
import { loginAs } from './helpers';

/**
 * A chat whose last messages are an image and a text opens at its newest message and stays there
 * while the image loads; a reader scrolled up is not moved by a new message but gets a pill; the
 * image opens in a viewer. A (E0001) writes through the API, B (E0002) reads in the browser.
 */
const API = '/service/api/v1';
let seq = 0;
const cid = () => `scroll${Date.now()}${++seq}`;

async function apiLogin(request: APIRequestContext, employeeNumber: string) {
  const res = await request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await res.json()) as { items: { access_token: string } }).items.access_token}` };
}

async function send(request: APIRequestContext, headers: Record<string, string>, chat: number, content: string) {
  const res = await request.post(`${API}/message/${chat}`, { headers, data: { content, client_message_id: cid() } });
  expect(res.ok(), await res.text()).toBe(true);
}

const messages = (page: Page) => page.getByTestId('chat-message');

test('opens at the newest message below an image, keeps a scrolled-up reader in place with a pill, views the image', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const a = await apiLogin(request, 'E0001');
  const b = await apiLogin(request, 'E0002');
  const me = ((await (await request.get(`${API}/members/me`, { headers: b })).json()) as { items: { info: { id: number } } }).items.info.id;
  const groups = (await (await request.get(`${API}/members/me/groups?page=1&limit=50`, { headers: b })).json()) as {
    items: { data: { id: number }[] };
  };
  const created = await request.post(`${API}/group-chat/create`, {
    headers: a,
    data: { user_ids: String(me), group_id: groups.items.data[0]!.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const chat = ((await created.json()) as { items: { id: number } }).items.id;

  // Enough history to scroll, then an image, then the newest text.
  for (let i = 1; i <= 25; i++) await send(request, a, chat, `履歴メッセージ ${i}`);
  const upload = await request.post(`${API}/group-chat-gallery/${chat}/upload-file`, {
    headers: a,
    multipart: {
      data: JSON.stringify({ client_message_id: cid() }),
      file: { name: '現場写真.png', mimeType: 'image/png', buffer: png(800, 600) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await send(request, a, chat, '写真の下の最新メッセージ');

  await page.setViewportSize({ width: 1280, height: 720 });
  await loginAs(page, 'E0002');
  await page.goto(`/chat/detail/${chat}`);
  const newest = messages(page).filter({ hasText: '写真の下の最新メッセージ' });
  const image = page.getByRole('img', { name: '画像: 現場写真.png' });
  await expect(image).toBeVisible();
  // Once the picture is in, the newest text is still in view: nothing moved it out.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(newest).toBeInViewport();

  // The thumbnail opens the viewer; Escape closes it.
  await page.getByRole('button', { name: '現場写真.pngを表示' }).click();
  const viewer = page.getByRole('dialog', { name: /現場写真\.png/ });
  await expect(viewer.getByRole('img', { name: '画像: 現場写真.png' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'ダウンロード' })).toBeVisible();
  await expect(viewer.getByText('1 / 1')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The reader scrolls up; a new message does not move them, the pill says so.
  const log = page.getByTestId('chat-messages');
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await send(request, a, chat, 'スクロール中に届いたメッセージ');
  const pill = page.getByRole('button', { name: '新しいメッセージ 1件' });
  await expect(pill).toBeVisible({ timeout: 10_000 });
  const arrived = messages(page).filter({ hasText: 'スクロール中に届いたメッセージ' });
  await expect(arrived).not.toBeInViewport();
  await pill.click();
  await expect(arrived).toBeInViewport();
  await expect(pill).toHaveCount(0);
});
