/**
 * `npm run bench`: reproducible figures for the platform, printed and written to
 * e2e/bench/results/latest.json.
 * - gzip size of the shell's entry script (the scripts index.html names; it pulls in the shared
 *   libraries as async chunks) and of each remote's entry (remoteEntry.js);
 * - gzip size of every script Chromium actually loads to render home for a logged-in user
 *   (shell + home widgets), against the 200 KB budget, split into the shell's part and each
 *   remote's entry and chunks;
 * - login requests per second (argon2id verification included) over a fixed duration;
 * - shared-folder upload and download of a 100 MB file against a plain copy, and the API's memory
 *   while it streams a 400 MB zip (files.ts);
 * - fault injection: writes acknowledged and found after three SIGKILL-and-restart cycles, staged
 *   leftovers, orphans and restart times (apps/api/src/ops/fault-injection.ts).
 * - the calendar week fetch with 100 and 10 000 events (apps/api/bench/calendar-week.ts).
 * - chat messages per second, fan-out latency to 2 000 sockets against a bare ws broadcast, and
 *   memory per idle socket (chat.ts).
 * - hot API reads (group list, feed page, topic detail, /remotes.json) against a bare Fastify
 *   answering the same bytes, SQLite and PostgreSQL, and the compiled server's start-up (api.ts);
 *   Lighthouse mobile on /login and the five main pages, with each page's start-up JavaScript
 *   (lighthouse.ts, pages.ts).
 * - admin import: a 10 000-employee Shift_JIS CSV, preview and apply and the same file again,
 *   time and peak memory (apps/api/bench/admin-import.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { REPO_ROOT, DEMO_PASSWORD, MEMBER } from '../support/env';
import { startPortal } from '../support/portal';
import { benchFiles } from './files';
import { benchChat } from './chat';
import { benchApiAll, benchStartup } from './api';
import { benchLighthouse, lighthouseLines } from './lighthouse';
import { benchFeed } from '../../apps/api/bench/topics-feed';
import { runFaultInjection } from '../../apps/api/src/ops/fault-injection.test-util';
import { benchCalendarWeek } from '../../apps/api/bench/calendar-week';
import { benchSearch } from '../../apps/api/bench/search';
import { benchAdminImport } from '../../apps/api/bench/admin-import';
import { benchUnread } from '../../apps/api/bench/notifications-unread';

const PORT = Number(process.env.BENCH_PORT ?? 18790);
const LOGIN_SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 10);
const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 8);
const HOME_BUDGET_KB = 200;
const REMOTES = ['groups', 'common-topic', 'chat', 'calendar', 'notifications', 'settings'];

const round1 = (n: number) => Math.round(n * 10) / 10;
const gzipKb = (buf: Buffer) => round1(zlib.gzipSync(buf, { level: 9 }).length / 1024);

/**
 * Where the home's bytes come from: the shell's own scripts, and per remote its remoteEntry.js
 * and the chunks it pulled in (published remotes are served under /remotes/<name>/<version>/).
 */
function splitByPart(scripts: { url: string; kb: number }[]) {
  const remotes: Record<string, { entry_kb: number; chunks_kb: number; total_kb: number }> = {};
  let shell = 0;
  for (const s of scripts) {
    const name = /^\/remotes\/([^/]+)\//.exec(s.url)?.[1];
    if (!name) {
      shell += s.kb;
      continue;
    }
    const r = (remotes[name] ??= { entry_kb: 0, chunks_kb: 0, total_kb: 0 });
    if (s.url.endsWith('/remoteEntry.js')) r.entry_kb = round1(r.entry_kb + s.kb);
    else r.chunks_kb = round1(r.chunks_kb + s.kb);
    r.total_kb = round1(r.entry_kb + r.chunks_kb);
  }
  const remotesTotal = round1(Object.values(remotes).reduce((a, r) => a + r.total_kb, 0));
  return { shell_kb: round1(shell), remotes_kb: remotesTotal, remotes };
}

function shellInitialJs() {
  const dist = path.join(REPO_ROOT, 'apps/shell/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const files = srcs.map((s) => ({ file: s, kb: gzipKb(fs.readFileSync(path.join(dist, s.replace(/^\//, '')))) }));
  return { files, total_kb: round1(files.reduce((a, f) => a + f.kb, 0)) };
}

function remoteEntries() {
  return Object.fromEntries(
    REMOTES.map((name) => {
      const file = path.join(REPO_ROOT, 'apps', name, 'dist', 'remoteEntry.js');
      return [name, fs.existsSync(file) ? gzipKb(fs.readFileSync(file)) : null];
    }),
  );
}

async function homeJs(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel(/社員番号/).fill(MEMBER.employeeNumber);
    await page
      .getByLabel(/パスワード/)
      .first()
      .fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^ログイン$/ }).click();
    await page.waitForURL(`${baseUrl}/`);
    // Fresh page load of home with the session in place: count every script it fetches.
    const scripts: { url: string; kb: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        scripts.push({ url: new URL(res.url()).pathname, kb: gzipKb(await res.body()) });
      } catch {
        // A response without a body (redirect) carries no script.
      }
    });
    await page.reload({ waitUntil: 'networkidle' });
    const total = round1(scripts.reduce((a, s) => a + s.kb, 0));
    return {
      scripts,
      total_kb: total,
      budget_kb: HOME_BUDGET_KB,
      within_budget: total <= HOME_BUDGET_KB,
      by_part: splitByPart(scripts),
    };
  } finally {
    await browser.close();
  }
}

async function loginRps(baseUrl: string) {
  const body = JSON.stringify({ employee_number: MEMBER.employeeNumber, password: DEMO_PASSWORD });
  const until = Date.now() + LOGIN_SECONDS * 1000;
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const res = await fetch(`${baseUrl}/service/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.ok) ok++;
        else failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    seconds: LOGIN_SECONDS,
    concurrency: LOGIN_CONCURRENCY,
    ok,
    failed,
    requests_per_second: Math.round((ok / LOGIN_SECONDS) * 10) / 10,
    latency_ms: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
  };
}

/** The throughput benches measure capacity: no rate limit, no load shedding. */
const UNBOUNDED = {
  RATE_LIMIT_LOGIN: '100000000',
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_ANON: '100000000',
  EVENT_LOOP_SHED_MS: '0',
  REQUESTS_IN_FLIGHT_MAX: '0',
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const portal = await startPortal({
    port: PORT,
    dataDir,
    env: UNBOUNDED,
  });
  try {
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      shell_initial_js_gzip: shellInitialJs(),
      remote_entry_js_gzip_kb: remoteEntries(),
      home_initial_js_gzip: await homeJs(portal.baseUrl),
      // Portal requests/s over a bare Fastify's for the same bytes (goal ratio ≥ 0.5 on SQLite),
      // with the response cache and without it.
      api: await benchApiAll(PORT + 1),
      lighthouse: await benchLighthouse(portal.baseUrl),
      startup: await benchStartup(PORT + 2),
      login: await loginRps(portal.baseUrl),
      files: await benchFiles(portal.baseUrl, portal.pid),
      chat: await benchChat(portal.baseUrl, portal.pid),
      // The group feed with 1 000 and 100 000 topics, on both databases (keyset pagination:
      // the 100 000 figure should stay within 2x of the 1 000 one).
      feed: {
        sqlite: await benchFeed('sqlite'),
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : await benchFeed('postgres'),
      },
      fault_injection: {
        sqlite: (await runFaultInjection('sqlite')).figures,
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : (await runFaultInjection('postgres')).figures,
      },
      // The calendar week for a user in 20 groups with 100 and 10 000 events (within 2x).
      calendar_week: {
        sqlite: await benchCalendarWeek('sqlite'),
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : await benchCalendarWeek('postgres'),
      },
      // Search: a 2- and a 4-character word at 10 000 and 100 000 indexed posts (apps/api/bench/search.ts).
      search: {
        sqlite: await benchSearch('sqlite'),
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : await benchSearch('postgres'),
      },
      // Company administration: 10 000 employees from a Shift_JIS CSV, preview then apply in one
      // transaction, and the same file again (all unchanged): time and peak memory.
      admin_import: {
        sqlite: await benchAdminImport('sqlite'),
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : await benchAdminImport('postgres'),
      },
      // Unread count and list for a user in 50 groups with 100 000 unread rows against 1 000 (apps/api/bench/notifications-unread.ts).
      unread: {
        sqlite: await benchUnread('sqlite'),
        postgres: process.env.BENCH_SKIP_POSTGRES ? null : await benchUnread('postgres'),
      },
    };
    const out = path.join(REPO_ROOT, 'e2e/bench/results/latest.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // The load test (`npm run bench -- load`) writes its own section; a default run keeps it.
    const previousLoad = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { load?: unknown }).load : undefined;
    fs.writeFileSync(out, JSON.stringify(previousLoad ? { ...result, load: previousLoad } : result, null, 2) + '\n');
    console.log(JSON.stringify(result, null, 2));
    const home = result.home_initial_js_gzip;
    console.log(
      `home JS: ${home.total_kb} KB gzip (budget ${home.budget_kb}) = shell ${home.by_part.shell_kb} + remotes ${home.by_part.remotes_kb} ` +
        `(${Object.entries(home.by_part.remotes)
          .map(([n, r]) => `${n} ${r.entry_kb}+${r.chunks_kb}`)
          .join(', ')})`,
    );
    const apiLine = (name: string, a: Record<string, unknown> | null) =>
      a &&
      console.log(
        `api ${name}: ` +
          ['group_list', 'feed_page', 'topic_detail', 'remotes_json']
            .map((k) => {
              const r = a[k] as { portal: { requests_per_second: number }; bare: { requests_per_second: number }; ratio: number };
              return `${k} ${r.portal.requests_per_second}/${r.bare.requests_per_second} req/s (x${r.ratio})`;
            })
            .join(', '),
      );
    for (const [name, a] of Object.entries(result.api)) apiLine(name, a);
    console.log(`lighthouse mobile (median of ${result.lighthouse.runs_per_page}):`);
    for (const line of lighthouseLines(result.lighthouse)) console.log(`  ${line}`);
    console.log(`start-up: ${result.startup.empty_db_ms} ms on an empty data dir, ${result.startup.existing_db_ms} ms again`);
    const f = result.files;
    console.log(
      `files: ${f.file_mb} MB upload ${f.upload.mb_per_s} MB/s (x${f.upload.ratio_to_copy} of a copy), download ${f.download.mb_per_s} MB/s ` +
        `(x${f.download.ratio_to_copy}); ${f.zip.bytes} B zip: API RSS ${f.zip.rss_baseline_mb} -> ${f.zip.rss_peak_mb} MB (+${f.zip.rss_growth_mb})`,
    );
    const c = result.chat;
    console.log(
      `chat: ${c.send.per_second} messages/s; fan-out to ${c.fan_out.sockets} sockets p50/p99 ${c.fan_out.portal.p50_ms}/${c.fan_out.portal.p99_ms} ms ` +
        `(bare ws ${c.fan_out.bare_ws.p50_ms}/${c.fan_out.bare_ws.p99_ms}, x${c.fan_out.p99_ratio_to_bare}); ${c.idle_socket_kb} KB per idle socket`,
    );
    for (const [db, a] of Object.entries(result.admin_import)) {
      if (!a) continue;
      console.log(
        `admin import (${db}): ${a.rows} rows preview ${a.preview.ms} ms, apply ${a.apply.ms} ms, again ${a.same_file_again.ms} ms; ` +
          `peak RSS ${Math.max(a.preview.rss_peak_mb, a.apply.rss_peak_mb)} MB (+${Math.max(a.preview.rss_growth_mb, a.apply.rss_growth_mb)})`,
      );
    }
    console.log(`written to ${path.relative(REPO_ROOT, out)}`);
    if (!result.home_initial_js_gzip.within_budget || result.files.zip.rss_flat === false) process.exitCode = 1;
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- api`: only the API, Lighthouse and start-up sections (a few minutes instead
 * of the whole run), merged into the existing latest.json.
 */
async function apiOnly() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const portal = await startPortal({
    port: PORT,
    dataDir,
    env: UNBOUNDED,
  });
  const out = path.join(REPO_ROOT, 'e2e/bench/results/latest.json');
  try {
    const previous = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
    const result = {
      ...previous,
      api_at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadavg_at_start: os.loadavg().map(round1) },
      home_initial_js_gzip: await homeJs(portal.baseUrl),
      api: await benchApiAll(PORT + 1),
      lighthouse: await benchLighthouse(portal.baseUrl),
      startup: await benchStartup(PORT + 2),
    };
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify({ api: result.api, lighthouse: result.lighthouse, startup: result.startup }, null, 2));
    console.log(`home JS: ${result.home_initial_js_gzip.total_kb} KB gzip (budget ${HOME_BUDGET_KB})`);
    console.log(`written to ${path.relative(REPO_ROOT, out)}`);
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- home` (or `node --import tsx e2e/bench/run.ts home` after a build): only the
 * home page's JavaScript, printed per script; nothing is written.
 */
async function homeOnly() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const portal = await startPortal({ port: PORT, dataDir });
  try {
    const home = await homeJs(portal.baseUrl);
    for (const s of [...home.scripts].sort((a, b) => b.kb - a.kb)) console.log(`${String(s.kb).padStart(6)} KB  ${s.url}`);
    const remotes = Object.entries(home.by_part.remotes)
      .map(([n, r]) => `${n} ${r.entry_kb}+${r.chunks_kb}`)
      .join(', ');
    console.log(
      `home JS: ${home.total_kb} KB gzip (budget ${home.budget_kb}) = shell ${home.by_part.shell_kb} + remotes ${home.by_part.remotes_kb} (${remotes})`,
    );
    if (!home.within_budget) process.exitCode = 1;
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- lighthouse`: only Lighthouse (mobile, /login and the five main pages, with
 * their start-up JavaScript), merged into
 * latest.json with the load average; `LIGHTHOUSE_SAVE=1` also writes each page's full report to
 * e2e/bench/results/lighthouse-<page>.json for its diagnostics.
 */
async function lighthouseOnly() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const portal = await startPortal({
    port: PORT,
    dataDir,
    env: UNBOUNDED,
  });
  const out = path.join(REPO_ROOT, 'e2e/bench/results/latest.json');
  try {
    const loadBefore = os.loadavg().map(round1);
    const lighthouse = await benchLighthouse(portal.baseUrl);
    const previous = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
    const result = {
      ...previous,
      lighthouse: { ...lighthouse, at: new Date().toISOString(), loadavg: { before: loadBefore, after: os.loadavg().map(round1) } },
    };
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
    const lh = result.lighthouse;
    console.log(`lighthouse mobile, median of ${lh.runs_per_page} (load ${loadBefore.join(' ')} -> ${lh.loadavg.after.join(' ')}):`);
    for (const line of lighthouseLines(lh)) console.log(`  ${line}`);
    console.log(`written to ${path.relative(REPO_ROOT, out)}`);
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- api`: API, Lighthouse and start-up only; `npm run bench -- lighthouse`:
// Lighthouse only; `npm run bench -- home`: home
// JavaScript only; `npm run bench -- load`: only the load test (minutes, two API processes; see
// load.ts).
if (process.argv.slice(2).includes('api')) await apiOnly();
else if (process.argv.slice(2).includes('lighthouse')) await lighthouseOnly();
else if (process.argv.slice(2).includes('home')) await homeOnly();
else if (process.argv.slice(2).includes('load')) await import('./load').then((m) => m.runLoadBench());
else await main();
