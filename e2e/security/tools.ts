/**
 * Runs Debian's sqlmap and wapiti against the running portal when they are installed,
 * bounded in time, and turns their results into scan findings. The bearer token goes to the tools
 * on their command line only: their output stays in memory or in a temporary folder that is
 * removed afterwards, and every detail copied into a finding is passed through `redact`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Severity = 'low' | 'medium' | 'high';
export interface Finding {
  severity: Severity;
  check: string;
  detail: string;
}
export interface ToolRun {
  version: string;
  ran: boolean;
  targets?: number;
  seconds?: number;
  /** True when a run hit its time bound: the result covers only what it reached. */
  timedOut?: boolean;
  /** Per target (sqlmap) or module (wapiti): what was tested and the verdict. */
  tested?: string[];
}

const API = '/service/api/v1';

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function version(cmd: string): string {
  const r = spawnSync(cmd, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  const lines = `${r.stdout}\n${r.stderr}`.split('\n').map((l) => l.trim());
  // sqlmap prints "1.7.2#stable"; wapiti prints its banner and then "Wapiti 3.0.4".
  return lines.find((l) => /^\d+\.\d+/.test(l) || /^Wapiti \d/.test(l)) ?? 'unknown';
}

/** Runs a tool with a hard time bound; output is kept in memory, never logged. */
function run(cmd: string, args: string[], ms: number): Promise<{ out: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PYTHONWARNINGS: 'ignore' } });
    let out = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ out, timedOut });
    });
  });
}

const redactor = (token: string) => (s: string) =>
  s
    .split(token)
    .join('<token>')
    .replace(/Bearer [\w.-]+/g, 'Bearer <token>');

interface SqlmapTarget {
  name: string;
  url: string;
  data?: string;
}

/** GET endpoints taking keywords, sort keys, pages and ids (`*` marks a path segment), and JSON bodies. */
function sqlmapTargets(base: string): SqlmapTarget[] {
  return [
    { name: 'groups filter/page', url: `${base}${API}/members/me/groups?page=1&limit=10&filter=%E5%85%A8` },
    {
      name: 'search keyword',
      url: `${base}${API}/members/me/search?target_search=1&keyword_search=%E6%9D%B1%E4%BA%AC&time_range=4&limit=20`,
    },
    { name: 'group id in path', url: `${base}${API}/members/me/groups/1*` },
    { name: 'group members search', url: `${base}${API}/members/me/groups/1/group-members?search=e&limit=10&page=1` },
    {
      name: 'group topics sort',
      url: `${base}${API}/members/me/groups/1/topics/get-not-delete-topics?limit=10&page=1&orderBy=title&sortedBy=asc`,
    },
    { name: 'common topics page', url: `${base}${API}/members/me/common-topics/list?limit=10&page=1&unread_only=0` },
    { name: 'login JSON body', url: `${base}${API}/auth/login`, data: '{"employee_number":"E0001","password":"x"}' },
    {
      name: 'signed-urls JSON body',
      url: `${base}${API}/members/me/signed-urls`,
      data: '{"items":[{"path":"/members/me/inline-images/1"}]}',
    },
  ];
}

export async function runSqlmap(base: string, token: string, findings: Finding[], budgetMs: number): Promise<ToolRun> {
  if (!which('sqlmap')) return { version: 'not installed', ran: false };
  const redact = redactor(token);
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sqlmap-'));
  const targets = sqlmapTargets(base);
  const info: ToolRun = { version: version('sqlmap'), ran: true, targets: targets.length, timedOut: false, tested: [] };
  try {
    for (const t of targets) {
      const left = budgetMs - (Date.now() - started);
      if (left < 5_000) {
        info.timedOut = true;
        findings.push({ severity: 'low', check: 'sqlmap', detail: `${t.name}: not tested (time budget spent)` });
        continue;
      }
      const args = ['-u', t.url, '--batch', '--level', '1', '--risk', '1', '--threads', '1', '--timeout', '5', '--retries', '0'];
      args.push(
        '--time-sec',
        '2',
        '--flush-session',
        '--disable-coloring',
        '--output-dir',
        dir,
        '--headers',
        `Authorization: Bearer ${token}`,
      );
      // A wrong password answers 401, which sqlmap otherwise takes as "stop".
      if (t.data) args.push('--data', t.data, '--method', 'POST', '--ignore-code', '401');
      const { out, timedOut } = await run('sqlmap', args, Math.min(left, budgetMs / 2));
      const params = [
        ...new Set([...out.matchAll(/testing for SQL injection on ((?:\(custom\) )?\S+ parameter '[^']+')/g)].map((m) => m[1])),
      ];
      const verdict = /identified the following injection point/.test(out)
        ? 'INJECTABLE'
        : /do not appear to be injectable/.test(out)
          ? 'not injectable'
          : 'no verdict';
      // e.g. "429 (Too Many Requests) - 68 times": the login throttle answers before any query runs.
      const codes = /HTTP error codes detected during run:\s*\n(.+)/.exec(out)?.[1]?.trim();
      info.tested!.push(
        redact(`${t.name}: ${verdict} (${params.join(', ') || 'no parameter tested'})${codes ? `; answers ${codes}` : ''}`),
      );
      if (timedOut) {
        info.timedOut = true;
        findings.push({ severity: 'low', check: 'sqlmap', detail: `${t.name}: stopped at the time bound before finishing` });
      }
      // "Parameter: keyword (GET)" lines follow "identified the following injection point(s)".
      if (/identified the following injection point/.test(out)) {
        const points = [...out.matchAll(/^Parameter: (.+)$/gm)].map((m) => m[1]);
        findings.push({
          severity: 'high',
          check: 'sqlmap',
          detail: redact(`${t.name}: injectable ${points.join(', ') || '(parameter not parsed)'}`),
        });
      } else if (!timedOut && !/do not appear to be injectable|does not seem to be injectable/.test(out)) {
        // Neither verdict: sqlmap gave up (connection, 401…). Report it rather than count it clean.
        const last =
          out
            .split('\n')
            .filter((l) => /\[(CRITICAL|ERROR)\]/.test(l))
            .pop() ?? 'no verdict';
        findings.push({ severity: 'low', check: 'sqlmap', detail: redact(`${t.name}: ${last.replace(/^\[[\d:]+\] /, '')}`) });
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  info.seconds = Math.round((Date.now() - started) / 1000);
  return info;
}

interface WapitiEntry {
  method?: string;
  path?: string;
  info?: string;
  level?: number | string;
  parameter?: string;
}

/** Wapiti levels: 4 critical, 3 high, 2 medium, 1 low, 0 info. */
export function wapitiSeverity(level: number | string | undefined): Severity {
  const n = Number(level ?? 0);
  return n >= 3 ? 'high' : n === 2 ? 'medium' : 'low';
}

/** Findings from a wapiti JSON report; only path, parameter and info are copied (never http_request). */
export function parseWapitiReport(
  report: { vulnerabilities?: Record<string, WapitiEntry[]>; anomalies?: Record<string, WapitiEntry[]> },
  redact: (s: string) => string,
): Finding[] {
  const out: Finding[] = [];
  for (const kind of ['vulnerabilities', 'anomalies'] as const) {
    for (const [category, entries] of Object.entries(report[kind] ?? {})) {
      for (const e of entries ?? []) {
        const where = `${e.method ?? ''} ${e.path ?? ''}${e.parameter ? ` [${e.parameter}]` : ''}`.trim();
        out.push({
          severity: wapitiSeverity(e.level),
          check: `wapiti ${category}`,
          detail: redact(`${where}: ${e.info ?? ''}`.slice(0, 400)),
        });
      }
    }
  }
  return out;
}

export async function runWapiti(base: string, token: string, findings: Finding[], maxScanSeconds: number): Promise<ToolRun> {
  if (!which('wapiti')) return { version: 'not installed', ran: false };
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-wapiti-'));
  const report = path.join(dir, 'report.json');
  const info: ToolRun = { version: version('wapiti'), ran: true, timedOut: false, tested: [] };
  // The shell is a single-page app, so the crawler finds few links: the API's query endpoints are
  // given as start URLs so the attack modules have parameters to work on.
  const starts = sqlmapTargets('')
    .filter((t) => !t.data)
    .map((t) => t.url.replace('*', ''));
  const args = ['-u', `${base}/`, '--scope', 'domain', '-m', 'sql,xss,exec,file,crlf,redirect', '--flush-session', '--store-session', dir];
  args.push(
    '--max-scan-time',
    String(maxScanSeconds),
    '--max-attack-time',
    String(Math.max(10, Math.floor(maxScanSeconds / 6))),
    '-d',
    '3',
    '-t',
    '5',
  );
  // No -x exclusion: wapiti 3.0.4 crashes on it under Python 3.11 (re "global flags"); the crawler
  // cannot reach the logout anyway (a POST from script, no link in the shell's HTML).
  args.push('-H', `Authorization: Bearer ${token}`, '--no-bugreport', '-v', '1', '-f', 'json', '-o', report);
  for (const s of starts) args.push('-s', `${base}${s}`);
  try {
    const { out, timedOut } = await run('wapiti', args, (maxScanSeconds + 60) * 1000);
    info.timedOut = timedOut;
    // With -v 1 each module prints "[*] Launching module x" and one "[+] METHOD url" per attacked resource.
    for (const block of out.split('[*] Launching module ').slice(1)) {
      const attacked = block.split('\n').filter((l) => l.startsWith('[+] ')).length;
      info.tested!.push(`${block.split('\n')[0]!.trim()}: ${attacked} resources attacked`);
    }
    if (!fs.existsSync(report)) {
      findings.push({
        severity: 'low',
        check: 'wapiti',
        detail: redactor(token)(`no report written: ${out.trim().split('\n').pop() ?? ''}`),
      });
    } else {
      const doc = JSON.parse(fs.readFileSync(report, 'utf8')) as Parameters<typeof parseWapitiReport>[0];
      findings.push(...parseWapitiReport(doc, redactor(token)));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  info.seconds = Math.round((Date.now() - started) / 1000);
  return info;
}
