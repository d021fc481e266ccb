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
const PORTS = [Number(process.env.BENCH_LOAD_PORT ?? 18736), Number(process.env.BENCH_LOAD_PORT ?? 18736) + 1];
const STEPS = (process.env.BENCH_LOAD_STEPS ?? '250,500,1000,2000,3000,5000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 45);
const MAX_SECONDS = Number(process.env.BENCH_LOAD_MAX_SECONDS ?? 900);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 3_000_000);
const POOL = process.env.DATABASE_POOL_MAX ?? '20';
const LOGIN_CONCURRENCY = Number(process.env.BENCH_LOAD_LOGIN_CONCURRENCY ?? 8);

interface Sample { ms: number; status: number }
const stats = { samples: [] as Sample[], frames: 0, requests: 0, errors: 0 };
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

  private async view(p: Page) {
    this.page = p;
    if (p.kind === 'home') {
      await Promise.all([this.get('/members/me/groups'), this.get('/members/me/notification/count/1'), this.get('/members/me/notification/count/2'), this.get('/informations'), this.get('/members/me/todo')]);
    } else if (p.kind === 'feed') {
      const G = `/members/me/groups/${p.group}`;
      await Promise.all([this.get(`${G}/topics/get-not-delete-topics`), this.get(`${G}/topics/count-topic`), this.get(`${G}/folder/get-all-folder/1`), this.get('/members/me/groups')]);
    } else {
      const G = `/members/me/groups/${p.group}`;
      await Promise.all([this.get(`${G}/topics/get-topic-detail/${p.topic}`), this.get(`${G}/topics/get-all-comment-by-topic-id/${p.topic}`)]);
      await call(this.base, this.token, 'POST', `${G}/topics/set-topic-is-seen/${p.topic}`, {});
    }
  }

  private async act() {
    const group = this.groups[Math.floor(Math.random() * this.groups.length)]!;
    const list = this.topics.get(group) ?? [];
    const topic = list[Math.floor(Math.random() * list.length)];
    const r = Math.random();
    if (r < 0.05 && topic) {
      const G = `/members/me/groups/${group}`;
      if (Math.random() < 0.5) await call(this.base, this.token, 'POST', `${G}/topics/like-or-dislike-topic/${topic}`, { is_like: Math.random() < 0.7 });
      else await call(this.base, this.token, 'POST', `${G}/topics/add-new-comment`, { topic_id: topic, content: `負荷試験 ${randomBytes(3).toString('hex')}` });
      return;
    }
    const p = Math.random();
    if (p < 0.34 || !topic) await this.view({ kind: 'home' });
    else if (p < 0.67) await this.view({ kind: 'feed', group });
    else await this.view({ kind: 'topic', group, topic });
  }

  /** What the open page refetches on a topic event (shell/src/realtime.ts: refreshTopicQueries). */
  private onEvent(kind: string, payload: { group_id?: number; topic_id?: number; id?: number } | undefined) {
    if (!kind.startsWith('topic')) return;
    const group = payload?.group_id;
    const topic = payload?.topic_id ?? payload?.id;
    this.once('badge', () => this.get('/members/me/groups'));
    const p = this.page;
    if (p.kind === 'feed' && p.group === group) this.once('feed', () => this.get(`/members/me/groups/${p.group}/topics/get-not-delete-topics`));
    if (p.kind === 'topic' && p.topic === topic) {
      this.once('detail', () => this.get(`/members/me/groups/${p.group}/topics/get-topic-detail/${p.topic}`));
      this.once('comments', () => this.get(`/members/me/groups/${p.group}/topics/get-all-comment-by-topic-id/${p.topic}`));
    }
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
      });
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.act().finally(loop), 5000 + Math.random() * 5000);
    };
    // Users do not all click at once: the first view lands somewhere in the first 5 s.
    this.timer = setTimeout(() => void this.view({ kind: 'home' }).finally(loop), Math.random() * 5000);
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
  }
}

function startApi(port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', REMOTES_AUTOPUBLISH: '0', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_LOGIN: '100000000', DATABASE_POOL_MAX: POOL, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
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
    procs.push(startApi(PORTS[0]!, { DATABASE_URL: dbUrl, REDIS_URL, DATA_DIR: path.join(dataDir, 'a'), SEED_DEMO: '1' }));
    await waitHealthy(PORTS[0]!);
    procs.push(startApi(PORTS[1]!, { DATABASE_URL: dbUrl, REDIS_URL, DATA_DIR: path.join(dataDir, 'b'), SEED_ON_EMPTY: '0' }));
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
      const w0 = Date.now();
      await new Promise((r) => setTimeout(r, STEP_SECONDS * 1000));
      const seconds = (Date.now() - w0) / 1000;
      const c = process.cpuUsage(c0);
      const s = {
        ...summarise(stats.samples, seconds, users.length),
        ws_frames_per_s: Math.round((stats.frames - frames0) / seconds),
        ws_frames_per_s_per_1000_users: Math.round(((stats.frames - frames0) / seconds) * (1000 / users.length)),
        generator_cpu_share_of_2_cores: Math.round(((c.user + c.system) / 1e6 / seconds / 2) * 1000) / 1000,
        // Other work on the machine: figures taken at a load average far above 2 say little.
        machine_load_avg_1m: Math.round(os.loadavg()[0]! * 10) / 10,
      };
      steps.push(s);
      console.log(`load: ${JSON.stringify(s)}`);
      if (!s.pass) break;
    }
    const passed = steps.filter((s) => s.pass);
    const cpu = process.cpuUsage(cpu0);
    return {
      model: 'login, socket, a page every 5–10 s (home | feed | topic+comments), 1 in 20 a like or comment, event-driven refetches',
      processes: 2, database: 'postgres', redis: true, pool_per_process: Number(POOL), step_seconds: STEP_SECONDS,
      steps,
      max_users_passing: passed.length ? passed[passed.length - 1]!.users : 0,
      goal_users: 5000,
      generator_cpu_share_overall: Math.round(((cpu.user + cpu.system) / 1e6 / ((Date.now() - t0) / 1000) / 2) * 1000) / 1000,
      requests_total: stats.requests, network_errors: stats.errors,
    };
  } finally {
    for (const u of users) u.stop();
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
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
