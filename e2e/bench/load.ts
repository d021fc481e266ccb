/**
 * `npm run bench -- load` (or `npm run bench:load`): simulated users against two API processes
 * on one PostgreSQL + Redis, users split between them, everything on 127.0.0.1.
 *
 * Each user logs in, keeps a realtime socket open and every 5–10 s opens home, a feed page or a
 * topic with its comments, issuing the calls that page makes; 1 action in 20 is a comment or a
 * like. A topic event on the socket triggers the refetches the open page would make (the feed of
 * that group, or that topic's detail and comments) plus the group badge, at most one of each in
 * flight, as react-query does. Steps of growing user counts; a step passes with 5xx < 0.025 %,
 * mean < 100 ms and p99 < 2 s (Mattermost's rule). Bounded: BENCH_LOAD_MAX_SECONDS overall and
 * BENCH_LOAD_MAX_REQUESTS; stops at the first failing step.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { DEMO_PASSWORD, REPO_ROOT } from '../support/env';

const API = '/service/api/v1';
const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT0 = Number(process.env.BENCH_LOAD_PORT ?? 18736);
const PORTS = [PORT0, PORT0 + 1];
/** `--cpu-prof` the two API processes (profiles under e2e/.run/load-profiles). */
const CPU_PROF = process.env.BENCH_LOAD_CPU_PROF === '1';
/** Measure every step even after one fails (for the CPU cost per user at several sizes). */
const KEEP_GOING = process.env.BENCH_LOAD_KEEP_GOING === '1';
const STEPS = (process.env.BENCH_LOAD_STEPS ?? '250,500,1000,2000,3000,5000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 45);
const MAX_SECONDS = Number(process.env.BENCH_LOAD_MAX_SECONDS ?? 900);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 3_000_000);
const POOL = process.env.DATABASE_POOL_MAX ?? '20';
const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOAD_LOGIN_CONCURRENCY ?? 8);

interface Sample { ms: number; status: number }
const stats = { samples: [] as Sample[], frames: 0, requests: 0, errors: 0, subscribed: { ok: 0, refused: 0 } };
const started = Date.now();
const overBudget = () => Date.now() - started > MAX_SECONDS * 1000 || stats.requests >= MAX_REQUESTS;

async function call(base: string, token: string, method: string, url: string, body?: unknown): Promise<unknown> {
  stats.requests++;
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${API}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    stats.samples.push({ ms: performance.now() - t0, status: res.status });
    return res.ok && text ? JSON.parse(text) : null;
  } catch {
    stats.errors++;
    stats.samples.push({ ms: performance.now() - t0, status: 599 });
    return null;
  }
}

type Page = { kind: 'home' } | { kind: 'feed'; group: number } | { kind: 'topic'; group: number; topic: number };

class User {
  page: Page = { kind: 'home' };
  socket: WebSocket | null = null;
  inflight = new Set<string>();
  timer: NodeJS.Timeout | null = null;
  stopped = false;
  constructor(readonly base: string, readonly token: string, readonly groups: number[], readonly topics: Map<number, number[]>) {}

  private once(key: string, fn: () => Promise<unknown>) {
    if (this.inflight.has(key)) return;
    this.inflight.add(key);
    void fn().finally(() => this.inflight.delete(key));
  }
  private get = (url: string) => call(this.base, this.token, 'GET', url);

  /** TopicDetailView's viewTopic(): the socket subscribes while the topic page is open. */
  private setPage(p: Page) {
    const was = this.page;
    this.page = p;
    const open = this.socket?.readyState === WebSocket.OPEN ? this.socket : null;
    if (was.kind === 'topic' && !(p.kind === 'topic' && p.topic === was.topic)) open?.send(JSON.stringify({ type: 'unsubscribe', topic_id: was.topic }));
    if (p.kind === 'topic' && !(was.kind === 'topic' && was.topic === p.topic)) open?.send(JSON.stringify({ type: 'subscribe', topic_id: p.topic }));
  }

  /**
   * The calls each page makes, as recorded from the built app in Chromium (SPA navigation; a
   * group's own record and roles are fetched when the user enters that group).
   */
  private async view(p: Page) {
    const lastGroup = this.page.kind === 'home' ? null : this.page.group;
    this.setPage(p);
    if (p.kind === 'home') {
      await Promise.all([
        this.get('/informations?page=1&limit=10'),
        this.get('/members/me/groups?page=1&limit=99999'),
        this.get(`/calendar-events/calendar-by-week?date=${new Date().toISOString().slice(0, 10)}&days=7&type=1`),
        this.get('/members/me/groups?page=1&limit=10'),
        this.get('/members/me/user-group-folders'),
        this.get('/members/me/unread/count/common-topic'),
      ]);
      return;
    }
    const G = `/members/me/groups/${p.group}`;
    const entering = lastGroup !== p.group ? [this.get(G), this.get(`${G}/roles`)] : [];
    if (p.kind === 'feed') {
      await Promise.all([...entering, this.feed(p.group), this.get(`${G}/folder/get-all-folder/1`)]);
    } else {
      await Promise.all([...entering, this.detail(p.group, p.topic)]);
      await call(this.base, this.token, 'POST', `${G}/topics/set-topic-is-seen/${p.topic}`, {});
    }
  }
  private feed(group: number) {
    const G = `/members/me/groups/${group}`;
    return Promise.all([this.get(`${G}/topics/get-not-delete-topics?orderBy=update&sortedBy=desc`), this.get(`${G}/topics/count-topic`)]);
  }
  private detail(group: number, topic: number) {
    const G = `/members/me/groups/${group}`;
    return Promise.all([this.get(`${G}/topics/get-topic-detail/${topic}`), this.get(`${G}/topics/get-all-comment-by-topic-id/${topic}?sortedBy=asc&limit=10&page=1`)]);
  }

  /** A like or a comment (1 action in 20), on the topic the user has open or on one they open for it. */
  private async act() {
    if (Math.random() < 0.05) {
      let p = this.page;
      if (p.kind !== 'topic') {
        const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
        const list = this.topics.get(group) ?? [];
        const topic = list[Math.floor(Math.random() * list.length)];
        if (!topic) return this.view({ kind: 'home' });
        await this.view((p = { kind: 'topic', group, topic }));
      }
      const G = `/members/me/groups/${p.group}`;
      if (Math.random() < 0.5) await call(this.base, this.token, 'POST', `${G}/topics/like-or-dislike-topic/${p.topic}`, { is_like: Math.random() < 0.7 });
      else await call(this.base, this.token, 'POST', `${G}/topics/add-new-comment`, { topic_id: p.topic, content: `負荷試験 ${randomBytes(3).toString('hex')}` });
      return;
    }
    const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
    const list = this.topics.get(group) ?? [];
    const topic = list[Math.floor(Math.random() * list.length)];
    const r = Math.random();
    if (r < 0.34 || !topic) await this.view({ kind: 'home' });
    else if (r < 0.67) await this.view({ kind: 'feed', group });
    else await this.view({ kind: 'topic', group, topic });
  }

  /**
   * What the open page refetches on an event (shell/src/realtime.ts): a topic event invalidates
   * that group's topic queries, the group lists and the notification queries, and react-query
   * refetches the active ones only, at most one of each in flight.
   */
  private onEvent(kind: string, payload: { group_id?: number | null; topic_id?: number } | undefined) {
    const topicEvent = kind.startsWith('topic.') || kind.startsWith('common-topic.');
    if (!topicEvent && kind !== 'notification.changed') return;
    const p = this.page;
    if (p.kind === 'home') {
      this.once('groups-all', () => this.get('/members/me/groups?page=1&limit=99999'));
      this.once('groups-top', () => this.get('/members/me/groups?page=1&limit=10'));
      return;
    }
    if (!topicEvent || payload?.group_id !== p.group) return;
    if (p.kind === 'feed') this.once('feed', () => this.feed(p.group));
    else this.once('detail', () => this.detail(p.group, p.topic));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`${this.base.replace('http', 'ws')}${API}/realtime`);
      this.socket = ws;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: this.token })));
      ws.on('message', (raw) => {
        stats.frames++;
        const msg = JSON.parse(String(raw)) as { type: string; event?: { kind: string; payload: never } };
        if (msg.type === 'ready') resolve();
        if (msg.type === 'event' && msg.event) this.onEvent(msg.event.kind, msg.event.payload);
        if (msg.type === 'subscribed') stats.subscribed[(msg as { ok?: boolean }).ok ? 'ok' : 'refused']++;
      });
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.act().finally(loop), 5000 + Math.random() * 5000);
    };
    // Users do not all click at once: the first view lands somewhere in the first 5 s. The
    // first page after login also loads the layout's own calls.
    const first = () =>
      Promise.all([this.get('/auth/check-group-user-login'), this.get('/members/me'), this.get('/members/me/settings'), this.get('/group-chat/count-unread'), this.get('/members/me/setting-theme/images'), this.view({ kind: 'home' })]);
    this.timer = setTimeout(() => void first().finally(loop), Math.random() * 5000);
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
  }
}

/** The compiled server as `npm start` runs it (`npm run bench:load` builds it first). */
const SERVER = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'server.mjs');
const PROFILE_DIR = path.join(REPO_ROOT, 'e2e', '.run', 'load-profiles');

function startApi(port: number, env: Record<string, string>): ChildProcess {
  const entry = fs.existsSync(SERVER) ? [SERVER] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const prof = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=api-${port}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...prof, ...entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', REMOTES_AUTOPUBLISH: '0', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_LOGIN: '100000000', DATABASE_POOL_MAX: POOL, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** CPU time (ms) a process used so far, from /proc (Linux); 0 when it is gone. */
function procCpuMs(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, CLK_TCK 100
  } catch {
    return 0;
  }
}

interface PoolFile { acquired: number; wait_ms_total: number; wait_ms_max: number; waiting: number; total: number; wait_histogram: number[] }
const BUCKETS = [0.5, 1, 5, 10, 50, 100, 250, 500, 1000, 2000, 5000, Infinity];
function readPool(file: string): PoolFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as PoolFile;
  } catch {
    return null;
  }
}

/** Pool waits over a window, both processes together: mean, a p99 bucket bound, connections open. */
function poolDelta(before: (PoolFile | null)[], after: (PoolFile | null)[]) {
  let n = 0;
  let ms = 0;
  const hist = BUCKETS.map(() => 0);
  for (let i = 0; i < after.length; i++) {
    const a = after[i];
    const b = before[i];
    if (!a) continue;
    n += a.acquired - (b?.acquired ?? 0);
    ms += a.wait_ms_total - (b?.wait_ms_total ?? 0);
    a.wait_histogram.forEach((c, k) => (hist[k]! += c - (b?.wait_histogram[k] ?? 0)));
  }
  let seen = 0;
  const p99 = BUCKETS.find((_, k) => (seen += hist[k]!) >= 0.99 * n) ?? 0;
  return {
    pool_acquires_per_s: 0,
    pool_wait_ms_mean: n ? Math.round((ms / n) * 100) / 100 : 0,
    pool_wait_ms_p99_at_most: p99 === Infinity ? '>5000' : p99,
    pool_connections_open: after.map((a) => a?.total ?? null),
    acquires: n,
  };
}

async function waitHealthy(port: number) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}${API}/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API on ${port} did not start`);
}

/** Users L00001… copied from demo member E0002 (same password hash), spread over the demo groups. */
async function addUsers(db: pg.Client, n: number): Promise<void> {
  const cols = (await db.query(`select column_name from information_schema.columns where table_name = 'users' and column_name not in ('id', 'employee_number', 'email')`)).rows.map((r) => `"${r.column_name}"`);
  await db.query(`insert into users (employee_number, email, ${cols.join(', ')})
    select 'L' || lpad(i::text, 5, '0'), 'load' || i || '@load.example', ${cols.map((c) => `u.${c}`).join(', ')}
    from users u, generate_series(1, $1) i where u.employee_number = 'E0002'`, [n]);
  const mcols = (await db.query(`select column_name from information_schema.columns where table_name = 'group_members' and column_name not in ('id', 'user_id', 'group_id')`)).rows.map((r) => `"${r.column_name}"`);
  await db.query(`insert into group_members (user_id, group_id, ${mcols.join(', ')})
    select nu.id, g.id, ${mcols.map((c) => `m.${c}`).join(', ')}
    from (select id, row_number() over (order by id) as rn from users where employee_number like 'L%') nu
    join (select id, row_number() over (order by id) - 1 as gi, count(*) over () as gn from groups) g on (nu.rn % g.gn) = g.gi
    join group_members m on m.user_id = (select id from users where employee_number = 'E0002') and m.group_id = (select min(group_id) from group_members where user_id = (select id from users where employee_number = 'E0002'))`);
}

function summarise(samples: Sample[], seconds: number, users: number) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const n = ms.length;
  const e5 = samples.filter((s) => s.status >= 500).length;
  const mean = n ? ms.reduce((a, b) => a + b, 0) / n : 0;
  const p = (q: number) => (n ? ms[Math.min(n - 1, Math.floor(q * n))]! : 0);
  const fivexx = n ? (e5 / n) * 100 : 0;
  const other4xx = samples.filter((s) => s.status >= 400 && s.status < 500).length;
  return {
    users, requests: n, rps: Math.round(n / seconds), mean_ms: Math.round(mean * 10) / 10, p50_ms: Math.round(p(0.5)), p99_ms: Math.round(p(0.99)),
    fivexx_pct: Math.round(fivexx * 10000) / 10000, http_4xx: other4xx,
    pass: n > 0 && fivexx < 0.025 && mean < 100 && p(0.99) < 2000,
  };
}

export async function benchLoad(): Promise<Record<string, unknown>> {
  const loadAtStart = os.loadavg().map((x) => Math.round(x * 10) / 10);
  const dbName = `portal_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = Object.assign(new URL(PG_ADMIN), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(REPO_ROOT, 'e2e', '.run', 'load-'));
  const procs: ChildProcess[] = [];
  const users: User[] = [];
  const steps: ReturnType<typeof summarise>[] = [];
  try {
    const poolFiles = ['a', 'b'].map((n) => path.join(dataDir, `pool-${n}.json`));
    procs.push(startApi(PORTS[0]!, { DATABASE_URL: dbUrl, REDIS_URL, DATA_DIR: path.join(dataDir, 'a'), SEED_DEMO: '1', DATABASE_POOL_STATS_FILE: poolFiles[0]! }));
    await waitHealthy(PORTS[0]!);
    procs.push(startApi(PORTS[1]!, { DATABASE_URL: dbUrl, REDIS_URL, DATA_DIR: path.join(dataDir, 'b'), SEED_ON_EMPTY: '0', DATABASE_POOL_STATS_FILE: poolFiles[1]! }));
    await waitHealthy(PORTS[1]!);

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const maxUsers = Math.max(...STEPS);
    await addUsers(db, maxUsers);
    const members = (await db.query(`select u.employee_number as e, array_agg(m.group_id) as g from users u join group_members m on m.user_id = u.id where u.employee_number like 'L%' group by u.employee_number order by u.employee_number`)).rows as { e: string; g: number[] }[];
    const topics = new Map<number, number[]>();
    for (const r of (await db.query(`select group_id, array_agg(id) as ids from topics where group_id is not null and in_bin = 0 group by group_id`)).rows as { group_id: number; ids: number[] }[]) topics.set(r.group_id, r.ids.slice(0, 30));
    await db.end();

    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    for (const target of STEPS) {
      if (overBudget()) break;
      // Log in the new users, a few at a time (argon2 is deliberately slow), alternating nodes.
      const fresh = members.slice(users.length, target);
      let next = 0;
      await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, async () => {
        while (next < fresh.length && !overBudget()) {
          const i = users.length + next;
          const m = fresh[next++]!;
          const base = `http://127.0.0.1:${PORTS[i % 2]}`;
          const res = await fetch(`${base}${API}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ employee_number: m.e, password: DEMO_PASSWORD }) });
          if (!res.ok) throw new Error(`login ${m.e}: ${res.status}`);
          const token = ((await res.json()) as { items: { access_token: string } }).items.access_token;
          const u = new User(base, token, m.g, topics);
          users.push(u);
          await u.start();
        }
      }));
      // Settle, then measure one window.
      await new Promise((r) => setTimeout(r, 5000));
      stats.samples = [];
      const frames0 = stats.frames;
      const c0 = process.cpuUsage();
      const pool0 = poolFiles.map(readPool);
      // Where the CPU goes: the two API processes and the database's backends for this database.
      const pgPids = async () => {
        const q = new pg.Client({ connectionString: PG_ADMIN });
        await q.connect();
        const r = await q.query(`select pid from pg_stat_activity where datname = $1`, [dbName]);
        await q.end();
        return (r.rows as { pid: number }[]).map((x) => x.pid);
      };
      const pids0 = await pgPids();
      const api0 = procs.map((p) => procCpuMs(p.pid));
      const db0 = new Map(pids0.map((pid) => [pid, procCpuMs(pid)]));
      const load0 = os.loadavg()[0]!;
      const w0 = Date.now();
      await new Promise((r) => setTimeout(r, STEP_SECONDS * 1000));
      const seconds = (Date.now() - w0) / 1000;
      const c = process.cpuUsage(c0);
      const apiMs = procs.reduce((sum, p, i) => sum + procCpuMs(p.pid) - api0[i]!, 0);
      const dbMs = (await pgPids()).reduce((sum, pid) => sum + procCpuMs(pid) - (db0.get(pid) ?? 0), 0);
      const genMs = (c.user + c.system) / 1000;
      const pool = poolDelta(pool0, poolFiles.map(readPool));
      pool.pool_acquires_per_s = Math.round(pool.acquires / seconds);
      const { acquires: _a, ...poolFigures } = pool;
      const s = {
        ...summarise(stats.samples, seconds, users.length),
        ...poolFigures,
        ws_frames_per_s: Math.round((stats.frames - frames0) / seconds),
        ws_frames_per_s_per_1000_users: Math.round(((stats.frames - frames0) / seconds) * (1000 / users.length)),
        generator_cpu_share_of_2_cores: Math.round((genMs / 1000 / seconds / 2) * 1000) / 1000,
        api_cpu_share_of_2_cores: Math.round((apiMs / 1000 / seconds / 2) * 1000) / 1000,
        db_cpu_share_of_2_cores: Math.round((dbMs / 1000 / seconds / 2) * 1000) / 1000,
        api_cpu_ms_per_request: stats.samples.length ? Math.round((apiMs / stats.samples.length) * 100) / 100 : 0,
        db_cpu_ms_per_request: stats.samples.length ? Math.round((dbMs / stats.samples.length) * 100) / 100 : 0,
        // What one user costs the machine (API + database + generator), and how many users two
        // whole cores would carry at that cost: a projection for a machine not shared with others.
        cpu_ms_per_user_second: Math.round(((apiMs + dbMs + genMs) / seconds / users.length) * 1000) / 1000,
        projected_users_on_2_idle_cores: Math.round(2000 / ((apiMs + dbMs + genMs) / seconds / users.length)),
        // Other work on the machine: figures taken at a load average far above 2 say little.
        machine_load_avg_1m_start: Math.round(load0 * 10) / 10,
        machine_load_avg_1m: Math.round(os.loadavg()[0]! * 10) / 10,
      };
      steps.push(s);
      console.log(`load: ${JSON.stringify(s)}`);
      if (!s.pass && !KEEP_GOING) break;
    }
    const passed = steps.filter((s) => s.pass);
    const cpu = process.cpuUsage(cpu0);
    return {
      model: 'login, socket, a page every 5–10 s (home | feed | topic+comments), 1 in 20 a like or comment, event-driven refetches',
      processes: 2, database: 'postgres', redis: true, pool_per_process: Number(POOL), step_seconds: STEP_SECONDS,
      server: fs.existsSync(SERVER) ? 'apps/api/dist/server.mjs' : 'tsx apps/api/src/server.ts',
      machine: { cpus: os.cpus().length, loadavg_at_start: loadAtStart, loadavg_at_end: os.loadavg().map((x) => Math.round(x * 10) / 10) },
      steps,
      max_users_passing: passed.length ? passed[passed.length - 1]!.users : 0,
      goal_users: 5000,
      generator_cpu_share_overall: Math.round(((cpu.user + cpu.system) / 1e6 / ((Date.now() - t0) / 1000) / 2) * 1000) / 1000,
      requests_total: stats.requests, network_errors: stats.errors, topic_subscriptions: stats.subscribed,
    };
  } finally {
    for (const u of users) u.stop();
    for (const p of procs) p.kill('SIGTERM');
    // Graceful shutdown lets `--cpu-prof` write its profile; never wait more than 15 s.
    await Promise.all(procs.map((p) => new Promise<void>((resolve) => {
      if (p.exitCode !== null) return resolve();
      const t = setTimeout(() => (p.kill('SIGKILL'), resolve()), 15_000);
      p.once('exit', () => (clearTimeout(t), resolve()));
    })));
    const a = new pg.Client({ connectionString: PG_ADMIN });
    await a.connect();
    await a.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await a.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runLoadBench(): Promise<void> {
  const result = await benchLoad();
  const out = path.join(REPO_ROOT, 'e2e', 'bench', 'results', 'latest.json');
  const prev = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ ...prev, load: { measured_at: new Date().toISOString(), ...result } }, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`load: ${String(result.max_users_passing)} users pass (goal 5000); written to e2e/bench/results/latest.json`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runLoadBench();
