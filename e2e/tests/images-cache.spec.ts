import { expect, test } from './fixtures';
import { png } from '../support/png';
import { ADMIN, DEMO_PASSWORD } from '../support/env';
import { homeGroupList, loginAs } from './helpers';

const API = '/service/api/v1';
/** Signed links are cut on this grid (apps/api/src/http/signed-url.ts). */
const WINDOW_MS = 5 * 60_000;

interface Seen {
  url: string;
  status: number;
  cached: boolean;
}

test('home shows group icons from signed links the browser caches: no second request on a second visit', async ({ page, request }) => {
  // An icon on one of the admin's groups, uploaded through the API.
  const login = await request.post(`${API}/auth/login`, { data: { employee_number: ADMIN.employeeNumber, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { items: { access_token: string } }).items.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const groups = (
    (await (await request.get(`${API}/members/me/groups?page=1&limit=10`, { headers })).json()) as { items: { data: { id: number }[] } }
  ).items.data;
  let uploaded = false;
  for (const g of groups) {
    const res = await request.post(`${API}/members/me/groups/${g.id}/icon`, {
      headers,
      multipart: { file: { name: 'icon.png', mimeType: 'image/png', buffer: png(600, 200) } },
    });
    if (res.ok()) {
      uploaded = true;
      break;
    }
  }
  expect(uploaded).toBe(true);

  // Both visits within one signing window, so they get the same links.
  const intoWindow = Date.now() % WINDOW_MS;
  if (intoWindow > WINDOW_MS - 45_000) await page.waitForTimeout(WINDOW_MS - intoWindow + 1000);

  // What the network layer did for each icon: from the server, or from the browser's cache.
  const seen: Seen[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium reports a hit of its (in-memory, for this context) HTTP cache by this event.
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => void fromCache.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.url.includes('/images/icon/')) return;
    const cached = fromCache.has(e.requestId) || Boolean(e.response.fromDiskCache);
    seen.push({ url: e.response.url, status: e.response.status, cached });
  });

  await loginAs(page, ADMIN.employeeNumber);
  const icon = homeGroupList(page).locator('img[src*="/images/icon/"]').first();
  await expect(icon).toBeVisible();
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = (await icon.getAttribute('src'))!;
  // A plain same-origin URL with a signature, never a token and never a blob.
  expect(src).toMatch(/^\/service\/api\/v1\/members\/me\/groups\/\d+\/images\/icon\/[^?]+\?u=\d+&e=\d+&s=[\w-]{43}$/);
  const first = seen.filter((s) => !s.cached);
  expect(first.length).toBeGreaterThan(0);
  expect(first.every((s) => s.status === 200)).toBe(true);
  const res = await request.get(src);
  expect(res.headers()['cache-control']).toMatch(/^private, max-age=\d+$/);
  expect(res.headers().etag).toBeTruthy();

  // Second visit: a new document, the same links, and no request reaches the server.
  seen.length = 0;
  await page.goto('/settings');
  await page.goto('/');
  const again = homeGroupList(page).locator('img[src*="/images/icon/"]').first();
  await expect(again).toBeVisible();
  await expect.poll(() => again.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await again.getAttribute('src')).toBe(src);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => !s.cached)).toEqual([]);
});
