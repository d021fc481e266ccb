/**
 * A scripted scan of the running portal: its own probes (security headers, SQL and
 * script injection in query parameters, path traversal, tokens in URLs, signed-link tampering and
 * cookie flags), then Debian's sqlmap and wapiti where installed (tools.ts). It starts its own
 * portal (production build, demo data) on SCAN_PORT, writes e2e/security/results/latest.json
 * (which tools ran, their versions, the findings) and exits 1 on any finding above "low".
 * SCAN_TOOLS=0 skips the external tools; SCAN_SQLMAP_SECONDS / SCAN_WAPITI_SECONDS bound them;
 * SCAN_DATABASE_URL runs the portal on PostgreSQL (an empty throwaway database) instead of SQLite.
 *
 *   npm run build && node --import tsx e2e/security/scan.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPortal } from '../support/portal';
import { ADMIN, DEMO_PASSWORD, E2E_ROOT } from '../support/env';
import { runSqlmap, runWapiti, type Finding, type ToolRun } from './tools';

const API = '/service/api/v1';
const port = Number(process.env.SCAN_PORT ?? 18771);
const findings: Finding[] = [];
let checks = 0;
const fail = (severity: Finding['severity'], check: string, detail: string) => findings.push({ severity, check, detail });

const SQL_ERRORS = /SQLITE_|syntax error|unterminated quoted|PostgresError|relation ".*" does not exist|near ".*": syntax/i;
const PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE users--',
  '" UNION SELECT password_hash FROM users--',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  "1' AND SLEEP(3)--",
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scan-'));
  // The per-IP rate limits would answer the tools' hundreds of requests with 429 and hide the
  // handlers from them, so the scanned portal raises them; everything else is as in production.
  // SCAN_DATABASE_URL (an empty, throwaway database) scans the PostgreSQL build of the queries.
  const db: Record<string, string> = process.env.SCAN_DATABASE_URL ? { DATABASE_URL: process.env.SCAN_DATABASE_URL } : {};
  const portal = await startPortal({
    port,
    dataDir,
    env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_ANON: '100000', RATE_LIMIT_LOGIN: '100000', ...db },
  });
  const tools: Record<string, ToolRun> = {};
  const base = portal.baseUrl;
  try {
    // 1. Headers on the HTML pages.
    for (const page of ['/', '/login', '/group/1']) {
      checks++;
      // As a browser navigates: the shell's page is served for Accept: text/html.
      const res = await fetch(base + page, { headers: { accept: 'text/html' } });
      if (!(res.headers.get('content-type') ?? '').startsWith('text/html'))
        fail('low', 'headers', `${page}: not served as a page (${res.status})`);
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const need of ["object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"])
        if (!csp.includes(need)) fail('medium', 'csp', `${page}: CSP lacks ${need}`);
      if (/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)) fail('high', 'csp', `${page}: script-src allows unsafe-inline/eval`);
      if (res.headers.get('x-content-type-options') !== 'nosniff') fail('medium', 'headers', `${page}: no nosniff`);
      if (res.headers.get('referrer-policy') !== 'strict-origin-when-cross-origin') fail('medium', 'headers', `${page}: referrer policy`);
    }

    // 2. Login: the refresh token only in an HttpOnly cookie, never in the body.
    checks++;
    const login = await fetch(`${base}${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ employee_number: ADMIN.employeeNumber, password: DEMO_PASSWORD }),
    });
    const body = (await login.json()) as { items: Record<string, unknown> };
    const token = String(body.items.access_token);
    if ('refresh_token' in body.items) fail('high', 'session', 'refresh token in the login body');
    const cookie = login.headers.get('set-cookie') ?? '';
    if (cookie && (!/HttpOnly/i.test(cookie) || !/SameSite/i.test(cookie)))
      fail('medium', 'session', `refresh cookie flags: ${cookie.replace(/=[^;]+/, '=…')}`);
    const auth = { authorization: `Bearer ${token}` };

    // 3. Injection in query parameters: never a 5xx, never a database error in the answer.
    const targets = [
      (p: string) => `${API}/members/me/groups?page=1&limit=10&filter=${encodeURIComponent(p)}`,
      (p: string) => `${API}/members/me/search?target_search=1&time_range=4&keyword_search=${encodeURIComponent(p)}`,
      (p: string) => `${API}/members/me/groups/${encodeURIComponent(p)}`,
      (p: string) => `${API}/members/me/common-topics/list?limit=10&page=${encodeURIComponent(p)}`,
    ];
    for (const target of targets) {
      for (const payload of PAYLOADS) {
        checks++;
        const started = Date.now();
        const res = await fetch(base + target(payload), { headers: auth });
        const text = await res.text();
        if (res.status >= 500) fail('high', 'injection', `${target(payload)} → ${res.status}`);
        if (SQL_ERRORS.test(text)) fail('high', 'injection', `${target(payload)} leaks a database error`);
        if (text.includes('<script>alert(1)</script>') && (res.headers.get('content-type') ?? '').includes('html'))
          fail('high', 'xss', `${target(payload)} reflects script as HTML`);
        if (Date.now() - started > 2500) fail('medium', 'injection', `${target(payload)} took ${Date.now() - started} ms (time-based?)`);
      }
    }

    // 4. Path traversal on the static and file paths.
    for (const p of [
      '/remotes/..%2f..%2fpackage.json',
      '/remotes/%2e%2e/%2e%2e/package.json',
      `${API}/members/me/groups/1/images/icon/..%2f..%2f..%2fpackage.json`,
    ]) {
      checks++;
      const res = await fetch(base + p, { headers: auth });
      const text = await res.text();
      if (res.ok && text.includes('"workspaces"')) fail('high', 'traversal', `${p} served a repository file`);
    }

    // 5. Tokens are refused in URLs; signed links refuse tampering.
    checks++;
    const viaQuery = await fetch(`${base}${API}/members/me?access_token=${token}`);
    if (viaQuery.status !== 401) fail('high', 'token-in-url', `access_token in the query answered ${viaQuery.status}`);
    checks++;
    const signed = await fetch(`${base}${API}/members/me/signed-urls`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ path: '/members/me/inline-images/1' }, { path: '/members/me' }] }),
    });
    if (signed.status !== 400) fail('high', 'signed-links', `signing a non-file path answered ${signed.status}`);
    checks++;
    const one = (await (
      await fetch(`${base}${API}/members/me/signed-urls`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ path: '/members/me/inline-images/1' }] }),
      })
    ).json()) as { urls: string[] };
    const tampered = one.urls[0]!.replace(/u=\d+/, 'u=2');
    const res = await fetch(base + tampered);
    if (res.status !== 401) fail('high', 'signed-links', `a link with another user answered ${res.status}`);

    // 6. Anonymous calls to protected endpoints.
    for (const p of ['/members/me', '/members/me/groups', '/members/me/common-share-folder-file/1/download']) {
      checks++;
      const r = await fetch(base + API + p);
      if (r.status !== 401) fail('high', 'auth', `anonymous ${p} answered ${r.status}`);
    }

    // 7. Debian's scanners, each bounded (a few minutes in all).
    const useTools = process.env.SCAN_TOOLS !== '0';
    const none = { version: 'skipped (SCAN_TOOLS=0)', ran: false };
    tools.sqlmap = useTools ? await runSqlmap(base, token, findings, Number(process.env.SCAN_SQLMAP_SECONDS ?? 150) * 1000) : none;
    tools.wapiti = useTools ? await runWapiti(base, token, findings, Number(process.env.SCAN_WAPITI_SECONDS ?? 120)) : none;
  } finally {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const database = process.env.SCAN_DATABASE_URL ? 'postgresql' : 'sqlite';
  const result = { at: new Date().toISOString(), tool: 'e2e/security/scan.ts', database, checks, tools, findings };
  const out = path.join(E2E_ROOT, 'security', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  process.exit(findings.some((f) => f.severity !== 'low') ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
