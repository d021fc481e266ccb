import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from '../support/env';

/**
 * Section 2's route table with real ids of the demo data: what the phone and axe runs visit.
 * Pages without auth are visited logged out.
 */
const API = '/service/api/v1';

export type Ids = {
  group: number;
  topic: number | null;
  file: number | null;
  commonTopic: number | null;
  commonFile: number | null;
  chat: number | null;
  event: number | null;
  help: number | null;
  groupLink: string;
};

async function json<T>(page: Page, path: string, token: string): Promise<T> {
  const res = await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** Ids of real things to open: the first group of E0001 and something of each kind in it. */
export async function findIds(page: Page): Promise<Ids> {
  const login = await page.request.post(`${API}/auth/login`, { data: { employee_number: ADMIN.employeeNumber, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { items: { access_token: string } }).items.access_token;
  type Page1<T> = { items: { data: T[] } };
  const groups = await json<Page1<{ id: number; group_link?: string }>>(page, '/members/me/groups?page=1&limit=50', token);
  const group = groups.items.data[0]!.id;
  const detail = await json<{ items: { group_link?: string } }>(page, `/members/me/groups/${group}`, token);
  const topics = await json<Page1<{ id: number }>>(page, `/members/me/groups/${group}/topics/get-not-delete-topics?page=1&limit=1`, token);
  const files = await json<Page1<{ id: number }>>(page, `/members/me/groups/${group}/share-folder?page=1&limit=1`, token);
  const commonTopics = await json<Page1<{ id: number }>>(page, '/members/me/common-topics/list?page=1&limit=1', token);
  const commonFiles = await json<Page1<{ id: number }>>(page, '/members/me/common-share-folder?page=1&limit=1', token);
  const chats = await json<Page1<{ id: number }>>(page, '/group-chat/group-chat-user?page=1&limit=1', token);
  const now = new Date();
  const from = new Date(now.getTime() - 40 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  const events = await json<{ items: { id: number }[] | { data: { id: number }[] } }>(
    page,
    `/calendar-events/get-all-calendar-events-by-user-id?startDate=${from}&endDate=${to}`,
    token,
  );
  const eventList = Array.isArray(events.items) ? events.items : (events.items?.data ?? []);
  const help = await json<{ items: { id: number }[] | { data: { id: number }[] } }>(page, '/help-center', token).catch(() => ({
    items: [],
  }));
  const helpList = Array.isArray(help.items) ? help.items : (help.items?.data ?? []);
  return {
    group,
    topic: topics.items?.data?.[0]?.id ?? null,
    file: files.items?.data?.[0]?.id ?? null,
    commonTopic: commonTopics.items?.data?.[0]?.id ?? null,
    commonFile: commonFiles.items?.data?.[0]?.id ?? null,
    chat: chats.items?.data?.[0]?.id ?? null,
    event: eventList[0]?.id ?? null,
    help: helpList[0]?.id ?? null,
    groupLink: detail.items?.group_link ?? 'x',
  };
}

/** Section 2's route table, with real ids; the pages without auth are visited logged out. */
export function memberRoutes(i: Ids): string[] {
  const g = `/group/${i.group}`;
  const opt = (id: number | null, path: (id: number) => string) => (id === null ? [] : [path(id)]);
  return [
    '/',
    '/todo',
    '/notification/unread',
    '/notification/favourite',
    '/notification/like',
    '/search-result?keyword=%E4%BC%9A%E8%AD%B0',
    `${g}/members/register`,
    g,
    `${g}/new-feed`,
    `${g}/topic-create`,
    ...opt(i.topic, (id) => `${g}/topic-update/${id}`),
    ...opt(i.topic, (id) => `${g}/topic/${id}`),
    `${g}/shared-folder`,
    `${g}/shared-folder/file-create`,
    ...opt(i.file, (id) => `${g}/shared-folder/file/${id}`),
    ...opt(i.file, (id) => `${g}/shared-folder/file/${id}/file-overwrite`),
    ...opt(i.file, (id) => `${g}/shared-folder/file/${id}/update-information`),
    `${g}/members/list`,
    `${g}/members/qr-code-invite`,
    `${g}/members/invited`,
    `${g}/members/join-request`,
    `${g}/members/role`,
    `${g}/setting/information`,
    `${g}/setting/information-edit`,
    `${g}/setting/equipment`,
    '/common-topic/topics',
    '/common-topic/topic-create',
    ...opt(i.commonTopic, (id) => `/common-topic/topic/${id}`),
    ...opt(i.commonTopic, (id) => `/common-topic/topic-update/${id}`),
    '/common-topic/shared-folder',
    ...opt(i.commonFile, (id) => `/common-topic/shared-folder/file/${id}`),
    '/chat/list',
    ...opt(i.chat, (id) => `/chat/detail/${id}`),
    '/calendar/list',
    '/calendar/day',
    '/calendar/week',
    '/calendar/month',
    '/calendar/create',
    ...opt(i.event, (id) => `/calendar/${id}`),
    ...opt(i.event, (id) => `/calendar/${id}/edit`),
    '/group-not-found',
    '/withdraw',
    '/help-center',
    ...opt(i.help, (id) => `/help-center/${id}`),
    '/setting/account-info',
    '/setting/change-email',
    '/setting/change-password',
    '/setting/setting-language',
    '/setting/change-info',
    '/setting/setting-display',
    '/setting/setting-notify-news',
    '/setting/setting-order',
    '/setting/setting-theme',
    '/no-such-page',
  ];
}
export const PUBLIC_ROUTES = (i: Ids) => [
  '/login',
  '/email/login',
  '/forgot-password',
  '/employee-forgot-password',
  '/reset-password?token=' + 'x'.repeat(43),
  '/line-login',
  '/token-expired',
  '/terms',
  '/policy',
  '/verify',
  '/waiting',
  '/register',
  `/group/${i.groupLink}/preview`,
  '/employee-without-group',
];
