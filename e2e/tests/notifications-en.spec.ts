import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, MEMBER } from '../support/env';
import { loginAs, setLanguageByApi } from './helpers';

const API = '/service/api/v1';

/** The English pass of notifications.spec.ts ("the same in en"). */
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

const tabText = (label: string, n: number) => (n > 0 ? `${label} (${n > 99 ? '+99' : n})` : label);

/** The shell's dropdown panel (the navbar widget inside it carries the same name). */
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' }).first();

async function openBell(page: Page) {
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(panel(page)).toBeVisible();
}

test.describe('notifications in English', () => {
  test.beforeEach(async ({ request }) => {
    await setLanguageByApi(request, ADMIN.employeeNumber, 'en');
    await setLanguageByApi(request, MEMBER.employeeNumber, 'en');
  });
  test.afterEach(async ({ request }) => {
    await setLanguageByApi(request, ADMIN.employeeNumber, 'ja');
    await setLanguageByApi(request, MEMBER.employeeNumber, 'ja');
  });

  test('a comment and a like reach the navbar live; the unread list opens the comment and reads it', async ({ page, request }) => {
    test.setTimeout(120_000);
    await loginAs(page, ADMIN.employeeNumber);
    const admin = await tokenOf(request, ADMIN.employeeNumber);
    const member = await tokenOf(request, MEMBER.employeeNumber);
    const groups = await call<{ data: { id: number; name: string }[] }>(request, member, 'GET', '/members/me/groups?limit=50');
    const groupId = groups.data.find((g) => g.name === '開発チーム')!.id;
    const topic = await call<{ id: number }>(request, admin, 'POST', `/members/me/groups/${groupId}/topics/new-topic`, {
      topic_title: 'E2E notice test',
      content: '<p>Please check</p>',
      how_nice: ['1'],
      comment_options: ['1'],
    });
    const before = (await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/1')).count;
    const likesBefore = (await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/2')).count;
    await openBell(page);
    const unreadTab = page.getByTestId('navbar-unread');
    const likeTab = page.getByTestId('navbar-like');
    await expect(unreadTab).toHaveText(tabText('Unread', before));
    await expect(likeTab).toHaveText(tabText('Likes', likesBefore));

    const commentText = `E2E comment ${Date.now()}`;
    await call(request, member, 'POST', `/members/me/groups/${groupId}/topics/add-new-comment`, {
      topic_id: topic.id,
      content: `<p>${commentText}</p>`,
    });
    await call(request, member, 'POST', `/members/me/groups/${groupId}/topics/like-or-dislike-topic/${topic.id}`, { is_like: true });
    await expect(unreadTab).toHaveText(tabText('Unread', before + 1));
    await expect(likeTab).toHaveText(tabText('Likes', likesBefore + 1));
    await expect(panel(page).getByText(commentText)).toBeVisible();

    await panel(page).getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/notification\/unread$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unread' })).toBeVisible();
    const row = page.getByTestId('unread-row').filter({ hasText: commentText });
    await expect(row.getByText('Comment', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /E2E notice test/ }).click();
    await expect(page).toHaveURL(new RegExp(`/group/${groupId}/topic/${topic.id}\\?commentSearchId=\\d+$`));
    await expect(page.getByText(commentText)).toBeVisible();
    expect((await call<{ count: number }>(request, admin, 'GET', '/members/me/notification/count/1')).count).toBe(before);
  });

  test('ONE_TIME news posted by the administrator shows with NEW once, then it is gone', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const title = `E2E news ${Date.now()}`;
    await loginAs(page, ADMIN.employeeNumber);
    await page.goto('/notification/news-admin');
    await page.getByRole('button', { name: 'Post news' }).click();
    await page.getByRole('textbox', { name: /Title/ }).fill(title);
    await page.getByRole('textbox', { name: 'Content (HTML)' }).fill('<p>Today is a <strong>no-overtime day</strong>.</p>');
    await page.getByRole('combobox', { name: 'Display rule' }).selectOption('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('admin-news-row').filter({ hasText: title })).toBeVisible();

    const context = await browser.newContext();
    const reader = await context.newPage();
    try {
      await loginAs(reader, MEMBER.employeeNumber);
      const news = reader.getByRole('region', { name: 'News' });
      const item = news.getByTestId('news-item').filter({ hasText: title });
      await expect(item).toBeVisible();
      await expect(item.getByRole('button', { name: 'New (mark as read)' })).toBeVisible();
      await reader.reload();
      await expect(news.getByTestId('news-item').first()).toBeVisible();
      await expect(news.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
