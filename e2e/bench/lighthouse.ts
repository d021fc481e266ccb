/**
 * Lighthouse 12 (mobile preset: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown)
 * on Debian's Chromium, for /login and for the five pages an employee opens most, logged in as an
 * ordinary member (pages.ts): home, a group feed, the calendar month, the chat list and the
 * unread list. Each page is audited LIGHTHOUSE_RUNS times (default 3) and reported by the median
 * of each figure. The logged-in pages are audited in the browser profile of a login, with
 * Lighthouse's storage reset off so the session survives, and the HTTP cache cleared before each
 * run: a returning user on a cold cache. Goals: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms,
 * login page transfer ≤ 250 KB. With the figures goes each page's start-up JavaScript (gzip).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../support/env';
import { feedGroupId, loginThroughForm, PAGE_NAMES, pagePaths, startupJs, type PageName } from './pages';

const GOALS = { performance: 90, lcp_ms: 2500, tbt_ms: 200, login_transfer_kb: 250 };

interface PageFigures {
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  fcp_ms: number;
  transfer_kb: number;
  requests: number;
  final_url: string;
  /**
   * Lighthouse's own CPU speed score of the machine at the run (higher is faster). Its 4× slowdown
   * is applied to whatever this machine is, so TBT and LCP scale with it: figures from runs on
   * machines of different speed compare only next to it.
   */
  benchmark_index: number;
}

/** Where `LIGHTHOUSE_SAVE=1` writes each page's full report (diagnostics, traces' summaries). */
const REPORT_DIR = path.join(REPO_ROOT, 'e2e/bench/results');

async function audit(url: string, port: number, keepStorage: boolean, name: string, attempt = 1): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_SAVE) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, `lighthouse-${name}.json`), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError) {
    // Chromium sometimes records no navigation start in the trace (NO_NAVSTART) on a busy
    // machine; another run of the same page is the remedy Lighthouse itself suggests.
    if (attempt < 3) return audit(url, port, keepStorage, name, attempt + 1);
    throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  }
  const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp_ms: num('largest-contentful-paint'),
    tbt_ms: num('total-blocking-time'),
    fcp_ms: num('first-contentful-paint'),
    transfer_kb: Math.round(num('total-byte-weight') / 1024),
    requests,
    final_url: new URL(lhr.finalDisplayedUrl).pathname,
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
  };
}

const meets = (p: PageFigures) => p.performance >= GOALS.performance && p.lcp_ms <= GOALS.lcp_ms && p.tbt_ms <= GOALS.tbt_ms;

/**
 * Chromium started by Playwright (the one browser driver of the repository) with a DevTools port
 * for Lighthouse. A persistent context is the browser's default profile, the one Lighthouse's own
 * tabs open in, so a login made through Playwright is seen by them. Port 0 lets Chromium pick a
 * free port, which it writes to DevToolsActivePort in the profile.
 */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--remote-debugging-port=0'],
  });
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 100 && !fs.existsSync(portFile); i++) await new Promise((r) => setTimeout(r, 100));
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    context,
    port,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** Each figure's median over the runs (benchmark index included: the machine's speed then). */
function medianOf(runs: PageFigures[]): PageFigures {
  const num = (k: keyof PageFigures) => median(runs.map((r) => r[k] as number));
  return {
    performance: num('performance'),
    lcp_ms: num('lcp_ms'),
    tbt_ms: num('tbt_ms'),
    fcp_ms: num('fcp_ms'),
    transfer_kb: num('transfer_kb'),
    requests: num('requests'),
    final_url: runs[0]!.final_url,
    benchmark_index: num('benchmark_index'),
  };
}

/** Empties the HTTP cache (and the compiled-code cache with it), keeping cookies and storage. */
async function clearHttpCache(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function auditRuns(context: BrowserContext, url: string, port: number, loggedIn: boolean, name: string) {
  const runs: PageFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (loggedIn) await clearHttpCache(context);
    runs.push(await audit(url, port, loggedIn, RUNS > 1 ? `${name}-${i + 1}` : name));
  }
  return { ...medianOf(runs), runs: runs.map(({ performance, lcp_ms, tbt_ms }) => ({ performance, lcp_ms, tbt_ms })) };
}

export type PageResult = PageFigures & {
  runs: Pick<PageFigures, 'performance' | 'lcp_ms' | 'tbt_ms'>[];
  meets_goals: boolean;
  startup_js_gzip_kb: number;
};

/**
 * `LIGHTHOUSE_PAGES=home,group_feed` audits only those pages (an A/B of one change in less
 * time); the default is all of them.
 */
const ONLY = process.env.LIGHTHOUSE_PAGES ? new Set(process.env.LIGHTHOUSE_PAGES.split(',').map((p) => p.trim())) : null;
const audited = (name: PageName) => !ONLY || ONLY.has(name);

export async function benchLighthouse(baseUrl: string) {
  const paths = pagePaths(await feedGroupId(baseUrl));
  const chrome = await launchChromium();
  try {
    const pages = {} as Record<PageName, PageResult>;
    if (audited('login')) {
      const loginJs = await startupJs(chrome.context, baseUrl, paths.login);
      const login = await auditRuns(chrome.context, `${baseUrl}${paths.login}`, chrome.port, false, 'login');
      pages.login = {
        ...login,
        meets_goals: meets(login) && login.transfer_kb <= GOALS.login_transfer_kb,
        startup_js_gzip_kb: loginJs.total_kb,
      };
    }
    // The session lives in the tab (sessionStorage); a new tab gets it from an open tab of the
    // same origin. So log in through the form in a tab that stays open while Lighthouse audits
    // each page in its own tab: what a user opening the page in a second tab sees.
    const tab = await chrome.context.newPage();
    await loginThroughForm(tab, baseUrl);
    for (const name of PAGE_NAMES) {
      if (name === 'login' || !audited(name)) continue;
      const js = await startupJs(chrome.context, baseUrl, paths[name]);
      const figures = await auditRuns(chrome.context, `${baseUrl}${paths[name]}`, chrome.port, true, name);
      if (figures.final_url !== paths[name]) {
        throw new Error(`lighthouse ${name} ended on ${figures.final_url}, not ${paths[name]}: the login did not hold`);
      }
      pages[name] = { ...figures, meets_goals: meets(figures), startup_js_gzip_kb: js.total_kb };
    }
    return { preset: 'mobile (lighthouse 12.2.3 default)', runs_per_page: RUNS, goals: GOALS, pages };
  } finally {
    await chrome.close();
  }
}

/** One line per page for the console. */
export function lighthouseLines(result: Awaited<ReturnType<typeof benchLighthouse>>): string[] {
  return Object.entries(result.pages).map(
    ([name, p]) =>
      `${name.padEnd(15)} ${String(p.performance).padStart(3)}  LCP ${p.lcp_ms} ms  TBT ${p.tbt_ms} ms  FCP ${p.fcp_ms} ms  ` +
      `${p.transfer_kb} KB  start-up JS ${p.startup_js_gzip_kb} KB gzip  (runs: ${p.runs.map((r) => `${r.performance}/${r.tbt_ms}`).join(', ')})`,
  );
}
