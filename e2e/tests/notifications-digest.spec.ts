import { expect, test } from './fixtures';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from '../support/env';
import { waitForMail } from '../support/mail';
import { RunDatabase } from '../support/run-db';
import { setLanguageByApi } from './helpers';

const API = '/service/api/v1';
/** 高橋 健一: a member of several groups that no other spec switches languages for. */
const READER = { employeeNumber: 'E0003', email: 'e0003@sakura-seiki.example' };

async function tokenOf(request: APIRequestContext, employeeNumber: string): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { items: T }).items;
}

const tokyoHour = () => (new Date().getUTCHours() + 9) % 24;

/**
 * A digest mail, caught by the run's SMTP server, lists the reader's unread items in
 * their language with a one-click unsubscribe. The digest sweep runs every minute on the real
 * clock, so the test moves the reader's mail time: each new time starts a new period, which the
 * next sweep mails (a period already mailed or baselined is never mailed again).
 */
test.describe('digest mail', () => {
  test.afterEach(async ({ request }) => {
    await setLanguageByApi(request, READER.employeeNumber, 'ja');
    const token = await tokenOf(request, READER.employeeNumber);
    await call(request, token, 'PATCH', '/members/me/settings/setting_notify_news', { email_notify_time: 9, notify_interval: 24 });
  });

  test('lists the reader’s unread items in Japanese, then in English', async ({ request }) => {
    test.setTimeout(240_000);
    const db = new RunDatabase();
    try {
      // The first sweep only records a baseline; wait for it before moving the period.
      await expect.poll(() => db.digestBaselineRecorded(READER.employeeNumber), { timeout: 90_000, intervals: [1000] }).toBe(true);
    } finally {
      db.close();
    }
    const admin = await tokenOf(request, ADMIN.employeeNumber);
    const reader = await tokenOf(request, READER.employeeNumber);
    const groups = await call<{ data: { id: number; name: string }[] }>(request, reader, 'GET', '/members/me/groups?limit=50');
    const group = groups.data[0]!;
    const title = `E2E 定期メール ${Date.now()}`;
    await call(request, admin, 'POST', `/members/me/groups/${group.id}/topics/new-topic`, {
      topic_title: title,
      content: '<p>確認してください</p>',
    });

    const hour = tokyoHour();
    const first = hour === 9 ? 8 : hour;
    let since = Date.now();
    await call(request, reader, 'PATCH', '/members/me/settings/setting_notify_news', { email_notify_time: first, notify_interval: 24 });
    const ja = await waitForMail(READER.email, since, 90_000);
    expect(ja.subject).toMatch(/^【グループポータル】未読が \d+ 件あります$/);
    expect(ja.text).toContain(`[トピック] ${title}（${group.name}）`);
    expect(ja.text).toContain('/notification/unread');
    expect(ja.text).toContain('定期メールの設定・配信停止:');

    await setLanguageByApi(request, READER.employeeNumber, 'en');
    since = Date.now();
    const second = (first + 23) % 24 === 9 ? (first + 22) % 24 : (first + 23) % 24;
    await call(request, reader, 'PATCH', '/members/me/settings/setting_notify_news', { email_notify_time: second });
    const en = await waitForMail(READER.email, since, 90_000);
    expect(en.subject).toMatch(/^\[Group Portal\] \d+ unread items$/);
    expect(en.text).toContain(`[Topic] ${title} (${group.name})`);
    expect(en.text).toContain('Settings and unsubscribe:');
  });
});
