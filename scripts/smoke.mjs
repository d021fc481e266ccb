/**
 * A short smoke of a built portal on whatever Node runs this script: start the compiled API
 * (apps/api/dist/server.mjs, serving the built shell and remotes) on an empty SQLite database,
 * which seeds the demo company on localhost, then over HTTP: the shell's page, a login as E0001
 * and an authenticated read with the token. `.ci/run` uses it on the floor version (Node 22).
 *
 *   node scripts/smoke.mjs            # PORT from SMOKE_PORT (default 19890)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SMOKE_PORT) || 19890;
const base = `http://127.0.0.1:${port}`;
const api = `${base}/service/api/v1`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-smoke-'));

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
server.on('exit', () => {
  exited = true;
});

async function waitUp() {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (exited) throw new Error('the API process exited during start-up');
    try {
      if ((await fetch(`${api}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not answer /health within 90 s');
}

function check(cond, what) {
  if (!cond) throw new Error(`smoke: ${what}`);
}

let failed = false;
try {
  const started = Date.now();
  await waitUp();
  const page = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
  check(page.ok && (await page.text()).includes('<html'), `GET /login answered ${page.status} without the shell's page`);
  const remotes = await fetch(`${base}/remotes.json`);
  check(remotes.ok, `GET /remotes.json answered ${remotes.status}`);
  const published = Object.keys((await remotes.json())?.remotes ?? {}).length;
  check(published === 6, `remotes.json lists ${published} remotes, not 6`);
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee_number: 'E0001', password: 'Portal#2026' }),
  });
  check(login.ok, `login answered ${login.status}`);
  const token = (await login.json())?.items?.access_token;
  check(typeof token === 'string' && token.length > 0, 'login returned no access token');
  const profile = await fetch(`${api}/members/me/profile`, { headers: { authorization: `Bearer ${token}` } });
  check(profile.ok, `GET /members/me/profile answered ${profile.status}`);
  console.log(
    `smoke: Node ${process.versions.node}: started, served the shell and ${published} remotes, logged in as E0001 and read the profile (${Date.now() - started} ms)`,
  );
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (exited ? r() : server.once('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
