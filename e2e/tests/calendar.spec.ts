import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER } from '../support/env';
import { expectSuccess, loginAs, setLanguageByApi } from './helpers';

/**
 * Calendar and equipment booking end to end, against the real clock: dates are
 * computed from "tomorrow" in Tokyo so every occurrence is in the future.
 */
const DAY = 86_400_000;
const tokyo = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Monday-first week start (the demo users keep the default first day of the week, 1). */
const mondayOf = (date: string) => plusDays(date, -((weekdayOf(date) + 6) % 7));
const WEEKDAYS_JA = ['日', '月', '火', '水', '木', '金', '土'];
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const md = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;

interface Labels {
  title: string;
  repeat: string;
  weekly: string;
  endDate: string;
  startTime: string;
  endTime: string;
  group: string;
  save: string;
}
const JA: Labels = {
  title: 'タイトル（日本語）',
  repeat: '繰り返し',
  weekly: '毎週',
  endDate: '終了日',
  startTime: '開始時刻',
  endTime: '終了時刻',
  group: 'グループ',
  save: '保存する',
};
const EN: Labels = {
  title: 'Title (English)',
  repeat: 'Repeating',
  weekly: 'Every week',
  endDate: 'End date',
  startTime: 'Start time',
  endTime: 'End time',
  group: 'Group',
  save: 'Save',
};

/** Fills the create form: one day, given times, shared with a group, optionally weekly, with equipment. */
async function fillEvent(
  page: Page,
  l: Labels,
  o: { date: string; title: string; start: string; end: string; group: string; equipment: RegExp; weekly?: string },
) {
  await page.goto(`/calendar/create?date=${o.date}`);
  await page.getByLabel(l.title, { exact: true }).fill(o.title);
  if (o.weekly) {
    await page.getByLabel(l.repeat, { exact: true }).check();
    await page.getByLabel(l.weekly, { exact: true }).check();
    await page.getByRole('group').getByLabel(o.weekly, { exact: true }).check();
  }
  await page.getByLabel(l.endDate, { exact: true }).fill(o.date);
  await page.getByLabel(l.startTime, { exact: true }).fill(o.start);
  await page.getByLabel(l.endTime, { exact: true }).fill(o.end);
  await page.getByLabel(l.group, { exact: true }).selectOption({ label: o.group });
  await page.getByLabel(o.equipment).check();
  await page.getByRole('button', { name: l.save }).click();
}

test('a weekly event with equipment: shared members see it (week, month, unread on home), a collision is refused, "this and all future" from the third leaves two, holidays show', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `設計定例${stamp}`;
  const first = plusDays(tokyo(Date.now()), 1);

  await loginAs(page, ADMIN.employeeNumber);
  await fillEvent(page, JA, {
    date: first,
    title,
    start: '13:00',
    end: '14:00',
    group: '開発チーム',
    equipment: /プロジェクター/,
    weekly: WEEKDAYS_JA[weekdayOf(first)]!,
  });
  await expectSuccess(page, '予定を作成しました。');
  await expect(page).toHaveURL(new RegExp(`/calendar/\\d+\\?date=${first}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  const id = Number(/\/calendar\/(\d+)/.exec(page.url())![1]);

  // A member of the group: unread on home, then in the week and month views.
  const member = await (await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
  await loginAs(member, MEMBER.employeeNumber);
  const table = member.getByRole('region', { name: '週間カレンダー' });
  if (mondayOf(first) !== mondayOf(tokyo(Date.now()))) await table.getByRole('button', { name: '次の週' }).click();
  await expect(table.getByRole('link', { name: new RegExp(`${title}.*未読`) })).toBeVisible();
  await member.goto(`/calendar/week?date=${first}`);
  await expect(member.getByRole('link', { name: new RegExp(title) })).toHaveCount(1);
  await member.goto(`/calendar/month?date=${first}`);
  await expect(
    member
      .getByRole('gridcell', { name: `${md(first)}（${WEEKDAYS_JA[weekdayOf(first)]}）` })
      .getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();

  // The member books the projector over the second occurrence: refused, naming the date.
  const second = plusDays(first, 7);
  await fillEvent(member, JA, {
    date: second,
    title: `重複${stamp}`,
    start: '13:30',
    end: '14:30',
    group: '開発チーム',
    equipment: /プロジェクター/,
  });
  const refusal = member.getByRole('alert').filter({ hasText: 'この設備は他の予定で既に予約されています。' });
  await expect(refusal).toContainText(second.replaceAll('-', '/'));
  await expect(member.getByRole('button', { name: '空き状況を更新' })).toBeVisible();

  // The creator deletes "this and all future" from the third occurrence.
  const third = plusDays(first, 14);
  await page.goto(`/calendar/${id}?date=${third}`);
  await page.getByRole('button', { name: '削除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'この予定以降のすべて' }).click();
  await expectSuccess(page, '予定を削除しました。');
  await page.goto(`/calendar/list?date=${first}`);
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(2);

  // National holidays come from bundled data, for everyone.
  await member.goto('/calendar/month?date=2027-01-01');
  await expect(member.getByRole('gridcell', { name: '1/1（金）' })).toContainText('元日');
});

// The English test leaves E0004 in English; later specs expect the demo users in Japanese.
test.afterEach(async ({ request }, info) => {
  if (info.title.startsWith('the same in English')) await setLanguageByApi(request, 'E0004', 'ja');
});

test('the same in English: create with equipment, see it, a collision is refused, New Year’s Day shows', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Design review ${stamp}`;
  const first = plusDays(tokyo(Date.now()), 2);
  // E0004 (総務部) is the user the auth spec already switched to English.
  await loginAs(page, 'E0004');
  await page.goto('/setting/setting-language');
  await page.getByLabel('English').check();
  await page.getByRole('button', { name: /保存|Save/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await fillEvent(page, EN, {
    date: first,
    title,
    start: '10:00',
    end: '11:00',
    group: '総務部',
    equipment: /第一会議室/,
    weekly: WEEKDAYS_EN[weekdayOf(first)]!,
  });
  await expectSuccess(page, 'The event was created.');
  await page.goto(`/calendar/week?date=${first}`);
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Month' })).toBeVisible();

  await fillEvent(page, EN, {
    date: plusDays(first, 7),
    title: `Clash ${stamp}`,
    start: '10:30',
    end: '12:00',
    group: '総務部',
    equipment: /第一会議室/,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This equipment is already booked by another schedule.' })).toBeVisible();

  await page.goto('/calendar/month?date=2027-01-01');
  await expect(page.getByRole('gridcell', { name: 'Fri 1/1' })).toContainText('New Year');
});
