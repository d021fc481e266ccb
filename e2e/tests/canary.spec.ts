import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { DATA_DIR, DEMO_PASSWORD, E2E_BASE_URL } from '../support/env';
import { publishSettingsBuild, remotesCli } from '../support/settings-build';
import { loginAs } from './helpers';

/**
 * Canary remotes in the browser: a settings build that throws while rendering is published to
 * half the users, fails for them only, is withdrawn by their own pages' reports, and they get the
 * stable build on their next load. And a remote entry script changed after publishing is refused.
 */
const API = '/service/api/v1';
const LABEL = 'e2e-canary';

/** Every file of a folder, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/**
 * Makes the labelled settings build throw when its layout renders: the label is a constant the
 * bundler inlined into the layout's props, so that prop becomes a throw. Its compressed siblings
 * go (the publish writes them again from the changed file).
 */
function breakRender(dist: string): void {
  let patched = 0;
  for (const file of files(dist).filter((f) => f.endsWith('.js'))) {
    const src = readFileSync(file, 'utf8');
    const next = src.replaceAll(`"${LABEL}"`, '(()=>{throw new Error("canary build fails to render")})()');
    if (next === src) continue;
    writeFileSync(file, next);
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    patched++;
  }
  expect(patched, 'the build label is in the settings chunks').toBeGreaterThan(0);
}

async function tokenIfAllowed(page: Page, employeeNumber: string): Promise<string | null> {
  const res = await page.request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  return res.ok() ? ((await res.json()) as { items: { access_token: string } }).items.access_token : null;
}

async function tokenOf(page: Page, employeeNumber: string): Promise<string> {
  const res = await page.request.post(`${API}/auth/login`, { data: { employee_number: employeeNumber, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

async function settingsBuild(page: Page, token?: string): Promise<string> {
  const res = await page.request.get('/remotes.json', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return ((await res.json()) as { remotes: { settings: { version: string } } }).remotes.settings.version;
}

test.describe.configure({ mode: 'serial' });

test('a canary that throws on render fails for its users only, is withdrawn by their reports, and they get the stable build next', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stable = await settingsBuild(page);
  expect(await publishSettingsBuild(LABEL, ['--canary', '50'], breakRender)).toMatch(/settings: canary \S+ for 50 % of signed-in users/);
  const listed = remotesCli('list');
  const canary = /canary (\S+): 50 %/.exec(listed)?.[1];
  expect(canary).toBeTruthy();

  // Twenty employees: about half get the canary, each the same build twice; nobody signed out does.
  expect(await settingsBuild(page)).toBe(stable);
  const assigned: { employee: string; build: string; token: string }[] = [];
  // Other specs share the demo company and lock an account or two on purpose: take the first
  // twenty employees who can log in.
  for (let i = 2; i <= 33 && assigned.length < 20; i++) {
    const employee = `E${String(i).padStart(4, '0')}`;
    const token = await tokenIfAllowed(page, employee);
    if (!token) continue;
    const build = await settingsBuild(page, token);
    expect(await settingsBuild(page, token)).toBe(build);
    assigned.push({ employee, build, token });
  }
  expect(assigned).toHaveLength(20);
  const onCanary = assigned.filter((a) => a.build === canary);
  expect(onCanary.length).toBeGreaterThanOrEqual(4);
  expect(onCanary.length).toBeLessThanOrEqual(16);
  expect(assigned.every((a) => a.build === canary || a.build === stable)).toBe(true);
  const canaryUser = onCanary[0]!.employee;
  const canaryToken = onCanary[0]!.token;
  const stableUser = assigned.find((a) => a.build === stable)!.employee;

  // The stable user's settings work.
  const other = await (await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage();
  await loginAs(other, stableUser);
  await other.goto('/setting/setting-language');
  await expect(other.getByRole('heading', { name: /言語設定/ }).first()).toBeVisible();

  // The canary user's settings area shows its fallback; the rest of the portal works.
  await loginAs(page, canaryUser);
  await page.goto('/setting/setting-language');
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: /再試行|もう一度/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(other.locator('main').getByRole('button', { name: /再試行|もう一度/ })).toHaveCount(0);

  // The page reports the render error within seconds (the e2e server judges a canary from its
  // first load), which condemns the canary: every request of its users gets the stable build.
  const started = Date.now();
  await expect.poll(() => settingsBuild(page, canaryToken), { timeout: 15_000, intervals: [250] }).toBe(stable);
  const seconds = (Date.now() - started) / 1000;
  console.log(`canary withdrawn ${seconds.toFixed(1)} s after its user's page showed the fallback`);
  expect(seconds).toBeLessThan(15);
  // The same user's next load runs the stable build.
  await page.reload();
  await expect(page.getByRole('heading', { name: /言語設定/ }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`[data-remote-build="${LABEL}"]`)).toHaveCount(0);

  // The audit trail says so, with both rates.
  const admin = await tokenOf(page, 'E0001');
  const audit = await page.request.get(`${API}/company/audit-events?action=remote.canary_auto_rolled_back`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  const [event] = ((await audit.json()) as { items: { data: { target_label: string; detail: string }[] } }).items.data;
  expect(event?.target_label).toBe('settings');
  expect(event?.detail).toMatch(
    new RegExp(`^${canary!.replace(/[.+]/g, '\\$&')} → ${stable.replace(/[.+]/g, '\\$&')} \\(canary \\d+\\.\\d %, stable \\d+\\.\\d %\\)$`),
  );
  expect(remotesCli('list')).not.toMatch(/canary \S+: \d+ %/);
  await other.context().close();
});

test('a remote entry script changed after publishing is refused and its area shows the fallback', async ({ page }) => {
  const build = await settingsBuild(page);
  const folder = path.join(DATA_DIR, 'remotes', 'settings', build);
  const entry = path.join(folder, 'remoteEntry.js');
  const original = readFileSync(entry);
  const siblings = ['.br', '.gz'].map((ext) => ({
    file: `${entry}${ext}`,
    bytes: (() => {
      try {
        return readFileSync(`${entry}${ext}`);
      } catch {
        return null;
      }
    })(),
  }));
  try {
    writeFileSync(entry, Buffer.concat([original, Buffer.from('\n;window.__portalTampered = true;\n')]));
    for (const s of siblings) rmSync(s.file, { force: true });
    await loginAs(page, 'E0022');
    await page.goto('/setting/setting-language');
    await expect(page.locator('main').getByRole('button', { name: /再試行|もう一度/ })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __portalTampered?: boolean }).__portalTampered)).toBeUndefined();
  } finally {
    writeFileSync(entry, original);
    for (const s of siblings) if (s.bytes) writeFileSync(s.file, s.bytes);
  }
});

test('company administration shows a canary and withdraws it after confirmation, audited', async ({ page }) => {
  test.setTimeout(180_000);
  const stable = await settingsBuild(page);
  expect(await publishSettingsBuild('e2e-canary-admin', ['--canary', '30'])).toMatch(/for 30 %/);
  await loginAs(page, 'E0001');
  await page.goto('/setting/admin/remotes');
  const canaryRow = page.locator('tr[data-remote-canary="settings"]');
  await expect(canaryRow).toContainText('30 %');
  await expect(page.locator('tr[data-remote="settings"]')).toContainText(stable);
  await page.screenshot({ path: test.info().outputPath('admin-remotes.png'), fullPage: true });
  await page.locator('tr[data-remote="settings"]').getByRole('button', { name: '先行公開を取り下げ' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(stable);
  await dialog.getByRole('button', { name: '先行公開を取り下げ' }).click();
  await expect(canaryRow).toHaveCount(0);
  const admin = await tokenOf(page, 'E0001');
  const audit = await page.request.get(`${API}/company/audit-events?action=remote.canary_rolled_back`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(((await audit.json()) as { items: { data: { target_label: string }[] } }).items.data[0]?.target_label).toBe('settings');
});
