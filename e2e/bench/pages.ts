/**
 * The pages an employee opens most, as the Lighthouse bench and the start-up JavaScript budget
 * see them: login, then home, a group feed, the calendar month, the chat list and the unread
 * list, logged in as an ordinary member (MEMBER, one of the demo seed's employees).
 */
import zlib from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, MEMBER } from '../support/env';

export const PAGE_NAMES = ['login', 'home', 'group_feed', 'calendar_month', 'chat_list', 'unread_list'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/**
 * Ceilings of each page's start-up JavaScript, KB gzip -9 of every script a fresh load fetches
 * (startupJs): what the pages measured plus a few KB, so growth fails the budget test
 * (e2e/tests/startup-budget.spec.ts) rather than drifting. Lower a ceiling when a page shrinks.
 */
export const STARTUP_JS_BUDGET_KB: Record<PageName, number> = {
  login: 186,
  home: 205,
  group_feed: 208,
  calendar_month: 191,
  chat_list: 188,
  unread_list: 191,
};
/** Where home's start-up JavaScript must get to (the ceiling above keeps it from growing meanwhile). */
export const HOME_STARTUP_JS_GOAL_KB = 130;

/** The group whose feed is audited: the demo company's 総務部, else the member's first group. */
const FEED_GROUP = '総務部';

/** Paths of the pages; the feed's needs the id of one of the member's groups. */
export function pagePaths(groupId: number): Record<PageName, string> {
  return {
    login: '/login',
    home: '/',
    group_feed: `/group/${groupId}/new-feed`,
    calendar_month: '/calendar/month',
    chat_list: '/chat/list',
    unread_list: '/notification/unread',
  };
}

/** The member's feed group, asked of the API as the browser would (log in, list my groups). */
export async function feedGroupId(baseUrl: string): Promise<number> {
  const login = await fetch(`${baseUrl}/service/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ employee_number: MEMBER.employeeNumber, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`bench login failed: HTTP ${login.status}`);
  const token = ((await login.json()) as { items: { access_token: string } }).items.access_token;
  const res = await fetch(`${baseUrl}/service/api/v1/members/me/groups?limit=100`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`bench group list failed: HTTP ${res.status}`);
  const groups = ((await res.json()) as { items: { data: { id: number; name: string }[] } }).items.data;
  const group = groups.find((g) => g.name === FEED_GROUP) ?? groups[0];
  if (!group) throw new Error(`${MEMBER.employeeNumber} is in no group: the feed cannot be audited`);
  return group.id;
}

/** Logs MEMBER in through the form of `page` (the session then lives in that tab). */
export async function loginThroughForm(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.locator('input[autocomplete="username"]').fill(MEMBER.employeeNumber);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL((u) => u.pathname === '/', { timeout: 60_000 }), page.click('button[type="submit"]')]);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
export const gzipKb = (buf: Buffer) => round1(zlib.gzipSync(buf, { level: 9 }).length / 1024);

export interface StartupJs {
  total_kb: number;
  scripts: { url: string; kb: number }[];
}

/**
 * The JavaScript (gzip) a fresh load of `path` fetches until the network is idle: every script of
 * the shell and of the remotes the page renders. A new tab of the logged-in context, so the page
 * loads with the session (the tab of the login hands it over) and no HTTP cache.
 */
export async function startupJs(context: BrowserContext, baseUrl: string, path: string): Promise<StartupJs> {
  const page = await context.newPage();
  // Every script over the network, as on a first visit: a cache hit may report no body.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts: { url: string; kb: number }[] = [];
  const bodies: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    bodies.push(
      res.body().then(
        (body) => void scripts.push({ url: new URL(res.url()).pathname, kb: gzipKb(body) }),
        // A response without a body (redirect) carries no script.
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // A new tab may first park on /waiting until the login's tab shares the session (slower on
    // a busy machine); the page's own scripts load after that.
    await page
      .waitForURL((u) => u.pathname === path, { timeout: 60_000 })
      .catch(() => {
        throw new Error(`${path} ended on ${new URL(page.url()).pathname}: the page was not shown`);
      });
    // networkidle may have been reached on /waiting: wait until a second passes with no new script.
    for (let seen = -1, i = 0; seen !== bodies.length && i < 30; i++) {
      seen = bodies.length;
      await page.waitForTimeout(1000);
    }
    await Promise.all(bodies);
  } finally {
    await page.close();
  }
  scripts.sort((a, b) => b.kb - a.kb);
  return { total_kb: round1(scripts.reduce((a, s) => a + s.kb, 0)), scripts };
}

/**
 * Start-up JavaScript of every page: login in a fresh browser, then the others after a login
 * through the form, each page in a tab of its own (the login's tab stays open to hand over the
 * session).
 */
export async function startupJsOfPages(context: BrowserContext, baseUrl: string, groupId: number): Promise<Record<PageName, StartupJs>> {
  const paths = pagePaths(groupId);
  const login = await startupJs(context, baseUrl, paths.login);
  const tab = await context.newPage();
  try {
    await loginThroughForm(tab, baseUrl);
    const out = { login } as Record<PageName, StartupJs>;
    for (const name of PAGE_NAMES) if (name !== 'login') out[name] = await startupJs(context, baseUrl, paths[name]);
    return out;
  } finally {
    await tab.close();
  }
}
