import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, MEMBER } from '../support/env';
import { loginAs } from './helpers';

const API = '/service/api/v1';

/** An access token for API set-up calls (the screens under test are driven in the browser). */
async function tokenOf(request: APIRequestContext, employeeNumber: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { items: T }).items;
}

/** The navbar tab text for a count (section 9: +99 above 99). */
const tabText = (label: string, n: number) => (n > 0 ? `${label} (${n > 99 ? '+99' : n})` : label);

async function openBell(page: Page) {
  await page.getByRole('button', { name: '通知' }).click();
  await expect(page.getByRole('region', { name: '通知' })).toBeVisible();
}

/**
 * B likes and comments on A's topic → A's navbar counts rise without a reload, the
 * unread list shows the comment, a click lands on it and reads it.
 */
test('a comment and a like on my topic reach the navbar live; the unread list opens the comment and reads it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ADMIN.employeeNumber);
  const admin = await tokenOf(request, ADMIN.employeeNumber);
  const member = await tokenOf(request, MEMBER.employeeNumber);
  const groups = await call<{ data: { id: number; name: string }[] }>(request, member, 'GET', '/members/me/groups?limit=50');
  const groupId = groups.data.find((g) => g.name === '開発チーム')!.id;
  const topic = await call<{ id: number }>(request, admin, 'POST', `/members/me/groups/${groupId}/topics/new-topic`, {
    topic_title: 'E2E 通知テスト',
    content: '<p>確認をお願いします</p>',
    how_nice: ['1'],
    comment_options: ['1'],
  });

  const before = (await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/1')).count;
  const likesBefore = (await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/2')).count;
  await openBell(page);
  const unreadTab = page.getByTestId('navbar-unread');
  const likeTab = page.getByTestId('navbar-like');
  await expect(unreadTab).toHaveText(tabText('未読', before));
  await expect(likeTab).toHaveText(tabText('いいね', likesBefore));

  const commentText = `E2E コメント ${Date.now()}`;
  await call(request, member, 'POST', `/members/me/groups/${groupId}/topics/add-new-comment`, {
    topic_id: topic.id,
    content: `<p>${commentText}</p>`,
  });
  await call(request, member, 'POST', `/members/me/groups/${groupId}/topics/like-or-dislike-topic/${topic.id}`, { is_like: true });

  // No reload: the realtime topic events refresh the dropdown's counts and list.
  await expect(unreadTab).toHaveText(tabText('未読', before + 1));
  await expect(likeTab).toHaveText(tabText('いいね', likesBefore + 1));
  await expect(page.getByRole('region', { name: '通知' }).getByText(commentText)).toBeVisible();

  await page.getByRole('region', { name: '通知' }).getByRole('link', { name: 'すべて見る' }).click();
  await expect(page).toHaveURL(/\/notification\/unread$/);
  const row = page.getByTestId('unread-row').filter({ hasText: commentText });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /E2E 通知テスト/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic/${topic.id}\\?commentSearchId=\\d+$`));
  await expect(page.getByText(commentText)).toBeVisible();

  await page.goto('/notification/unread');
  await expect(page.getByRole('heading', { level: 1, name: '未読一覧' })).toBeVisible();
  await expect(page.getByTestId('unread-row').first()).toBeVisible();
  await expect(page.getByTestId('unread-row').filter({ hasText: commentText })).toHaveCount(0);
  const left = await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/1');
  expect(left.count).toBe(before);
});

/** News posted by the company administrator shows with NEW on home and, shown once, is gone on the next visit. */
test('the administrator posts ONE_TIME news; a member sees it with NEW once, then it is gone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `E2E お知らせ ${Date.now()}`;
  await loginAs(page, ADMIN.employeeNumber);
  await page.goto('/notification/news-admin');
  await page.getByRole('button', { name: 'ニュースを投稿' }).click();
  await page.getByRole('textbox', { name: /タイトル/ }).fill(title);
  await page.getByRole('textbox', { name: '本文（HTML）' }).fill('<p>本日は<strong>定時退社日</strong>です。<script>alert(1)</script></p>');
  await page.getByRole('combobox', { name: '表示ルール' }).selectOption('1');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('admin-news-row').filter({ hasText: title })).toBeVisible();

  const context = await browser.newContext();
  const reader = await context.newPage();
  try {
    await loginAs(reader, MEMBER.employeeNumber);
    const news = reader.getByRole('region', { name: 'ニュース' });
    const item = news.getByTestId('news-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByRole('button', { name: '新着（既読にする）' })).toBeVisible();
    await expect(item.locator('strong')).toHaveText('定時退社日');
    await expect(item.locator('script')).toHaveCount(0);
    await reader.reload();
    await expect(news.getByTestId('news-item').first()).toBeVisible();
    await expect(news.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

/**
 * A like or comment reaches only the pages showing its topic (and the people it
 * concerns). A member who is neither the author nor answered has the topic open: the page
 * subscribes to it on the socket and shows another member's new comment without a reload.
 */
test('an open topic shows a new comment by someone else live (the page subscribes to it)', async ({ page, request }) => {
  const admin = await tokenOf(request, ADMIN.employeeNumber);
  const groups = await call<{ data: { id: number; name: string }[] }>(request, admin, 'GET', '/members/me/groups?limit=50');
  const groupId = groups.data.find((g) => g.name === '開発チーム')!.id;
  const title = `E2E 閲覧中 ${Date.now()}`;
  const topic = await call<{ id: number }>(request, admin, 'POST', `/members/me/groups/${groupId}/topics/new-topic`, {
    topic_title: title,
    content: '<p>ご覧ください</p>',
    how_nice: ['1'],
    comment_options: ['1'],
  });
  await loginAs(page, MEMBER.employeeNumber);
  // The server's answer to the page's subscription: only then is a comment sure to reach it.
  const granted = new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes(`"type":"subscribed","topic_id":${topic.id},"ok":true`)) resolve();
      }),
    );
  });
  await page.goto(`/group/${groupId}/topic/${topic.id}`);
  // Generous waits: the machine running these is often shared and slow.
  await expect(page.getByText(title).first()).toBeVisible({ timeout: 20_000 });
  await granted;
  const text = `E2E 追記 ${Date.now()}`;
  await call(request, admin, 'POST', `/members/me/groups/${groupId}/topics/add-new-comment`, {
    topic_id: topic.id,
    content: `<p>${text}</p>`,
  });
  await expect(page.getByText(text)).toBeVisible({ timeout: 20_000 });
});
