#!/usr/bin/env node
/**
 * `npm run deploy:test`: the recipe in deploy/ run for real on this machine, loopback only.
 * Brings up its own Redis, a fresh PostgreSQL database, two API processes (the compiled server,
 * as systemd would start them) and nginx with deploy/nginx/portal.conf (ports and certificate
 * rewritten; a self-signed certificate made with openssl), then, all through nginx over TLS:
 * logs in two people, posts a topic through process 1 and sees it arrive on a WebSocket held
 * through process 2, uploads a file and downloads it again, fetches a precompressed asset; then
 * checks /metrics is not reachable through nginx, stops both processes (SIGTERM drain), runs the
 * compiled `npm run doctor` against what they left, and drops the database. Checks the systemd
 * units with `systemd-analyze verify` when it is installed.
 *
 * Ports (DEPLOY_TEST_PORT, default 19660): +0 HTTPS (both processes), +1 HTTP (redirect),
 * +3/+4 HTTPS pinned to process 1/2, +2 Redis; API processes on API_PORTS (19650, 19651).
 * Needs `npm run build` first (it runs it when apps/api/dist or apps/shell/dist is missing).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE = Number(process.env.DEPLOY_TEST_PORT ?? 19660);
const API_PORTS = (process.env.DEPLOY_TEST_API_PORTS ?? '19650,19651').split(',').map(Number);
const PORTS = { https: BASE, http: BASE + 1, redis: BASE + 2, pinned: [BASE + 3, BASE + 4] };
const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const API = '/service/api/v1';
const DEMO_PASSWORD = 'Portal#2026';
const started = Date.now();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
const dbName = `portal_deploy_${randomBytes(5).toString('hex')}`;
const children = [];
let ca;

const log = (msg) => console.log(`[deploy:test ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
function check(cond, msg) {
  if (!cond) throw new Error(`FAILED: ${msg}`);
  log(`ok  ${msg}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r;
}

function start(name, cmd, args, env = {}) {
  const proc = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal)));
  const child = { name, proc, exited, output: () => out };
  children.push(child);
  return child;
}

/** HTTPS through nginx, trusting only the test's own certificate. */
function request(port, method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', servername: 'localhost', port, method, path: url, ca, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const json = (res) => JSON.parse(res.body.toString('utf8'));

async function waitFor(what, fn, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await fn()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function pgAdmin(sql) {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function nginxConfig() {
  const site = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx/portal.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:8081/, `server 127.0.0.1:${API_PORTS[0]}`)
    .replace(/server 127\.0\.0\.1:8082/, `server 127.0.0.1:${API_PORTS[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${PORTS.http};`)
    .replace(/listen \[::\]:80;\n/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${PORTS.https} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;\n/, '')
    .replaceAll('portal.example.co.jp', 'localhost')
    .replace('/etc/ssl/portal/fullchain.pem', path.join(tmp, 'cert.pem'))
    .replace('/etc/ssl/portal/privkey.pem', path.join(tmp, 'key.pem'));
  if (site.includes(':8081') || site.includes('listen 443'))
    throw new Error('deploy/nginx/portal.conf changed shape: update deploy/test.mjs');
  // The same site once more per process, each on its own port, so the test knows which process
  // it talks to (the cross-process realtime check); everything else goes through the balanced one.
  const main = site.slice(site.lastIndexOf('server {'));
  const pinned = API_PORTS.map((apiPort, i) =>
    main
      .replace(`listen 127.0.0.1:${PORTS.https} ssl http2;`, `listen 127.0.0.1:${PORTS.pinned[i]} ssl http2;`)
      .replaceAll('http://portal_api', `http://127.0.0.1:${apiPort}`),
  );
  const dir = (name) => path.join(tmp, 'nginx', name);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(dir(d), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'nginx', 'portal.conf'), [site, ...pinned].join('\n'));
  fs.writeFileSync(
    path.join(tmp, 'nginx', 'nginx.conf'),
    `worker_processes 1;
pid ${dir('nginx.pid')};
error_log ${dir('error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir('access.log')};
  client_body_temp_path ${dir('client_body')};
  proxy_temp_path ${dir('proxy')};
  fastcgi_temp_path ${dir('fastcgi')};
  uwsgi_temp_path ${dir('uwsgi')};
  scgi_temp_path ${dir('scgi')};
  include ${path.join(tmp, 'nginx', 'portal.conf')};
}
`,
  );
  // Workers of a root master run as nobody: they read the certificate and write the temp paths.
  fs.chmodSync(tmp, 0o755);
  if (process.getuid?.() === 0) run('chown', ['-R', 'nobody', path.join(tmp, 'nginx')]);
  return path.join(tmp, 'nginx', 'nginx.conf');
}

function verifyUnits() {
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  if (analyze.status !== 0) {
    log('skip systemd-analyze is not installed: the units were not verified');
    return;
  }
  // The instance name must be in the file name; paths outside this machine are expected to be missing.
  const dir = path.join(tmp, 'units');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(ROOT, 'deploy/systemd/portal-api@.service'), path.join(dir, `portal-api@${API_PORTS[0]}.service`));
  fs.copyFileSync(path.join(ROOT, 'deploy/systemd/portal.target'), path.join(dir, 'portal.target'));
  const r = spawnSync(
    'systemd-analyze',
    ['verify', '--man=no', path.join(dir, `portal-api@${API_PORTS[0]}.service`), path.join(dir, 'portal.target')],
    { encoding: 'utf8' },
  );
  const problems = `${r.stdout}${r.stderr}`
    .split('\n')
    .filter(Boolean)
    // Not this machine's business: the portal's user, install folder and the other instances.
    .filter(
      (l) => !/portal-api@808[12]\.service|\/opt\/portal|Failed to resolve user|User=portal|Unit portal-api@\d+\.service not found/.test(l),
    )
    .filter((l) => !/Failed to prepare filename|Command .* is not executable/.test(l));
  check(problems.length === 0, `systemd-analyze verify accepts the units${problems.length ? `:\n${problems.join('\n')}` : ''}`);
}

async function main() {
  verifyUnits();
  const built = ['apps/api/dist/server.mjs', 'apps/api/dist/cli/doctor.mjs', 'apps/shell/dist/index.html'];
  if (!built.every((f) => fs.existsSync(path.join(ROOT, f)))) {
    log('building (apps/api/dist or apps/shell/dist missing)');
    run('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }

  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(tmp, 'key.pem'),
    '-out',
    path.join(tmp, 'cert.pem'),
  ]);
  ca = fs.readFileSync(path.join(tmp, 'cert.pem'));

  const redis = start('redis', 'redis-server', ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await pgAdmin(`CREATE DATABASE ${dbName}`);
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${PORTS.https}`,
    DATA_DIR: dataDir,
    DATABASE_URL: PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`),
    REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
    TRUST_PROXY: '127.0.0.1',
    DRAIN_MS: '500',
    LOG_LEVEL: 'warn',
    // The demo company, so the test can log in (never on a reachable host).
    SEED_DEMO: '1',
    REMOTES_AUTOPUBLISH: '0',
  };
  await waitFor(
    'redis',
    async () => spawnSync('redis-cli', ['-p', String(PORTS.redis), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG',
    10_000,
  );

  // The first process migrates and seeds; the second joins the running system.
  const apis = [];
  for (const port of API_PORTS) {
    const p = start(`api:${port}`, process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], { ...env, PORT: String(port) });
    apis.push(p);
    await waitFor(`API on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);
  }
  log('two API processes ready');

  const conf = nginxConfig();
  run(NGINX, ['-t', '-q', '-c', conf, '-p', path.join(tmp, 'nginx')]);
  start('nginx', NGINX, ['-c', conf, '-p', path.join(tmp, 'nginx'), '-g', 'daemon off;']);
  await waitFor('nginx', async () => (await request(PORTS.https, 'GET', '/healthz')).status === 200, 10_000);
  log('nginx up');

  const redirect = await fetch(`http://127.0.0.1:${PORTS.http}/x`, { redirect: 'manual' });
  check(redirect.status === 301 && redirect.headers.get('location')?.startsWith('https://'), 'plain HTTP is redirected to HTTPS');

  // Log in two people through nginx over TLS.
  const login = async (port, employee_number) => {
    const res = await request(port, 'POST', `${API}/auth/login`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ employee_number, password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${employee_number}: ${res.status} ${res.body}`);
    check(
      String(res.headers['set-cookie']).includes('Secure'),
      `${employee_number} logged in through nginx (refresh cookie Secure: PUBLIC_URL is https)`,
    );
    return json(res).items.access_token;
  };
  const author = await login(PORTS.https, 'E0001');
  const reader = await login(PORTS.https, 'E0002');
  const auth = (token) => ({ authorization: `Bearer ${token}` });

  // A page of the caller's groups ({ data: [...] }).
  const groupsOf = async (token) =>
    json(await request(PORTS.https, 'GET', `${API}/members/me/groups`, { headers: auth(token) })).items.data;
  const authorGroups = new Set((await groupsOf(author)).map((g) => g.id));
  const group = (await groupsOf(reader)).find((g) => authorGroups.has(g.id));
  if (!group) throw new Error('the demo seed has no group shared by E0001 and E0002');

  // The reader holds a WebSocket through process 2; the author posts through process 1.
  const ws = new WebSocket(`wss://localhost:${PORTS.pinned[1]}${API}/realtime`, { ca, servername: 'localhost' });
  const frames = [];
  const waiters = [];
  ws.on('message', (data) => {
    const f = JSON.parse(String(data));
    frames.push(f);
    for (const w of waiters.splice(0)) w();
  });
  const next = async (pred, ms = 10_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const f = frames.find(pred);
      if (f) return f;
      if (Date.now() > deadline) throw new Error(`no such frame within ${ms} ms; got ${JSON.stringify(frames).slice(0, 500)}`);
      await new Promise((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token: reader }));
  await next((f) => f.type === 'ready');
  check(true, 'WebSocket upgraded through nginx over TLS (process 2) and authenticated');

  const title = `deploy test ${randomBytes(3).toString('hex')}`;
  const posted = await request(PORTS.pinned[0], 'POST', `${API}/members/me/groups/${group.id}/topics/new-topic`, {
    headers: { ...auth(author), 'content-type': 'application/json' },
    body: JSON.stringify({ topic_title: title, content: '<p>nginx + two processes</p>', how_nice: ['1'], comment_options: ['1', '2'] }),
  });
  check(posted.status === 200, `topic posted through process 1 (${posted.status})`);
  const topicId = json(posted).items.id;
  const event = await next(
    (f) => f.type === 'event' && String(f.event?.kind).startsWith('topic.') && f.event?.payload?.topic_id === topicId,
  );
  check(Boolean(event), `the reader on process 2 saw ${event.event.kind} for topic ${topicId} live`);
  ws.close();

  // Upload a file and download it again, through the balanced port.
  const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(8 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
  const boundary = `----deploy${randomBytes(8).toString('hex')}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deploy-test.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await request(PORTS.https, 'POST', `${API}/members/me/groups/${group.id}/share-folder-upload-file`, {
    headers: { ...auth(author), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(form.length) },
    body: form,
  });
  check(up.status === 200, `8 MB upload through nginx (${up.status} ${up.status === 200 ? '' : up.body})`);
  const uploaded = json(up).items;
  const fileId = (Array.isArray(uploaded) ? uploaded[0] : (uploaded.files?.[0] ?? uploaded)).id;
  const down = await request(PORTS.https, 'GET', `${API}/members/me/groups/${group.id}/share-folder-file/${fileId}/download`, {
    headers: auth(reader),
  });
  const sha = (b) => createHash('sha256').update(b).digest('hex');
  check(down.status === 200 && sha(down.body) === sha(file), 'the reader downloaded the same bytes through nginx');

  // A precompressed asset passes through untouched.
  const index = await request(PORTS.https, 'GET', '/', { headers: { 'accept-encoding': 'br, gzip' } });
  check(index.status === 200, 'the shell answers through nginx');
  const html = await request(PORTS.https, 'GET', '/', { headers: { 'accept-encoding': 'identity' } });
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html.body.toString('utf8'))?.[1];
  if (!script) throw new Error('no script in the shell index.html');
  const asset = await request(PORTS.https, 'GET', script, { headers: { 'accept-encoding': 'br, gzip' } });
  check(asset.status === 200 && asset.headers['content-encoding'] === 'br', `${script} arrives as its precompressed .br sibling`);
  check(/immutable/.test(String(asset.headers['cache-control'])), 'hashed assets are cached immutably');

  // Operator's surface: metrics only on the process itself, never through nginx.
  check((await request(PORTS.https, 'GET', '/metrics')).status === 404, '/metrics is not served through nginx');
  const metrics = await (await fetch(`http://127.0.0.1:${API_PORTS[0]}/metrics`)).text();
  check(
    metrics.includes('route="/service/api/v1/members/me/groups/:id/topics/new-topic"'),
    '/metrics answers on process 1 (loopback) with the topic post timed by its route',
  );

  // SIGTERM: readiness goes first, then the process exits cleanly.
  const [first, second] = apis;
  first.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 150));
  const draining = await fetch(`http://127.0.0.1:${API_PORTS[0]}/readyz`).then(
    (r) => r.status,
    () => 'closed',
  );
  check(draining === 503, `process 1 answers /readyz 503 while it drains (${draining})`);
  check((await request(PORTS.https, 'GET', '/healthz')).status === 200, 'nginx keeps answering while process 1 drains');
  check((await first.exited) === 0, 'process 1 exited 0 after SIGTERM');
  check(
    (await request(PORTS.https, 'GET', `${API}/members/me`, { headers: auth(reader) })).status === 200,
    'calls go to process 2 once process 1 is gone',
  );
  second.proc.kill('SIGTERM');
  check((await second.exited) === 0, 'process 2 exited 0 after SIGTERM');

  // The operator's commands are compiled like the server: the doctor, as an operator runs it.
  const doctor = spawnSync('npm', ['run', '-s', 'doctor'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  check(
    doctor.status === 0 && /^doctor: PostgreSQL/m.test(doctor.stdout),
    `npm run doctor (apps/api/dist/cli/doctor.mjs) finds the database and files in order${doctor.status ? `:\n${doctor.stdout}${doctor.stderr}` : ''}`,
  );
  void redis;
}

async function teardown() {
  for (const c of children.reverse()) {
    if (c.proc.exitCode === null && c.proc.signalCode === null) {
      c.proc.kill('SIGTERM');
      await Promise.race([c.exited, new Promise((r) => setTimeout(r, 5000))]);
      if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    }
  }
  await pgAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err) => console.error(`could not drop ${dbName}: ${err.message}`));
  fs.rmSync(tmp, { recursive: true, force: true });
}

let failed = false;
try {
  await main();
  log(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  failed = true;
  console.error(err);
  for (const c of children) console.error(`--- ${c.name} ---\n${c.output().slice(-3000)}`);
  const errorLog = path.join(tmp, 'nginx', 'error.log');
  if (fs.existsSync(errorLog)) console.error(`--- nginx error.log ---\n${fs.readFileSync(errorLog, 'utf8').slice(-3000)}`);
} finally {
  await teardown();
}
process.exit(failed ? 1 : 0);
