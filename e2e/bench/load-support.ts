/** Helpers of the load bench (load.ts): the API processes, their pool and CPU figures, the users and the summary. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../support/env';

export const API = '/service/api/v1';
/** `route`: method and path with ids as `:n`, no query (what the step's call mix is made of). */
export interface Sample {
  ms: number;
  status: number;
  route: string;
}

export const routeOf = (method: string, url: string) => `${method} ${url.split('?')[0]!.replace(/\/\d+/g, '/:n')}`;

/** BENCH_LOAD_SERVER=<path to another build's server.mjs> runs that build under the same load (A/B). */
export const SERVER = process.env.BENCH_LOAD_SERVER ?? path.join(REPO_ROOT, 'apps', 'api', 'dist', 'server.mjs');

/** The Redis server's pid when it runs on this machine (its CPU shares the cores), else undefined. */
export function redisPid(port = 6379): number | undefined {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (/^(\S*\/)?redis-server\b/.test(cmd) && cmd.includes(`:${port}`)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
const PROFILE_DIR = path.join(REPO_ROOT, 'e2e', '.run', 'load-profiles');

export function startApi(port: number, env: Record<string, string>, opts: { pool: string; cpuProf: boolean }): ChildProcess {
  const entry = fs.existsSync(SERVER) ? [SERVER] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const prof = opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=api-${port}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...prof, ...entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REMOTES_AUTOPUBLISH: '0',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_ANON: '100000000',
      RATE_LIMIT_LOGIN: '100000000',
      DATABASE_POOL_MAX: opts.pool,
      // The bound on work in flight set as an operator would for this machine: what a process
      // answers per second here (~450 at saturation) times the 0.1 s the admitted calls may take.
      REQUESTS_IN_FLIGHT_MAX: process.env.REQUESTS_IN_FLIGHT_MAX ?? '40',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** CPU time (ms) a process used so far, from /proc (Linux); 0 when it is gone. */
export function procCpuMs(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, CLK_TCK 100
  } catch {
    return 0;
  }
}

export interface PoolFile {
  acquired: number;
  wait_ms_total: number;
  wait_ms_max: number;
  waiting: number;
  total: number;
  wait_histogram: number[];
}
const BUCKETS = [0.5, 1, 5, 10, 50, 100, 250, 500, 1000, 2000, 5000, Infinity];
export function readPool(file: string): PoolFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as PoolFile;
  } catch {
    return null;
  }
}

/** Pool waits over a window, both processes together: mean, a p99 bucket bound, connections open. */
export function poolDelta(before: (PoolFile | null)[], after: (PoolFile | null)[]) {
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

/**
 * The time the API itself spent on the answers it gave (`http_request_duration_seconds` of its
 * /metrics: from the request's arrival in Fastify to its answer), 2xx–4xx only, summed over the
 * processes. Against the client's figures it tells where an admitted call's time went: inside
 * the API (its queues, the database) or before it (the kernel's queues, the generator).
 */
export async function serverTime(
  ports: number[],
): Promise<{ seconds: number; count: number; loopP99Ms: number[]; readLimit: number[]; shedBy: Record<string, number> }> {
  let seconds = 0;
  let count = 0;
  // prom-client resets its event-loop histogram at each scrape: at a step's end this is the window's.
  const loopP99Ms: number[] = [];
  const readLimit: number[] = [];
  const shedBy: Record<string, number> = {};
  for (const port of ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    for (const m of text.matchAll(/^http_request_duration_seconds_(sum|count)\{[^}]*status_class="([234])xx"[^}]*\} (\S+)$/gm)) {
      if (m[1] === 'sum') seconds += Number(m[3]);
      else count += Number(m[3]);
    }
    const lag = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text);
    if (lag) loopP99Ms.push(Math.round(Number(lag[1]) * 10000) / 10);
    const limit = /^portal_requests_read_limit (\S+)$/m.exec(text);
    if (limit) readLimit.push(Number(limit[1]));
    for (const m of text.matchAll(/^portal_requests_shed_total\{by="(\w+)"\} (\S+)$/gm))
      shedBy[m[1]!] = (shedBy[m[1]!] ?? 0) + Number(m[2]);
  }
  return { seconds, count, loopP99Ms, readLimit, shedBy };
}

export async function waitHealthy(port: number) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}${API}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API on ${port} did not start`);
}

/** Users L00001… copied from demo member E0002 (same password hash), spread over the demo groups. */
export async function addUsers(db: pg.Client, n: number): Promise<void> {
  const cols = (
    await db.query(
      `select column_name from information_schema.columns where table_name = 'users' and column_name not in ('id', 'employee_number', 'email')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  await db.query(
    `insert into users (employee_number, email, ${cols.join(', ')})
    select 'L' || lpad(i::text, 5, '0'), 'load' || i || '@load.example', ${cols.map((c) => `u.${c}`).join(', ')}
    from users u, generate_series(1, $1) i where u.employee_number = 'E0002'`,
    [n],
  );
  const mcols = (
    await db.query(
      `select column_name from information_schema.columns where table_name = 'group_members' and column_name not in ('id', 'user_id', 'group_id')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  await db.query(`insert into group_members (user_id, group_id, ${mcols.join(', ')})
    select nu.id, g.id, ${mcols.map((c) => `m.${c}`).join(', ')}
    from (select id, row_number() over (order by id) as rn from users where employee_number like 'L%') nu
    join (select id, row_number() over (order by id) - 1 as gi, count(*) over () as gn from groups) g on (nu.rn % g.gn) = g.gi
    join group_members m on m.user_id = (select id from users where employee_number = 'E0002') and m.group_id = (select min(group_id) from group_members where user_id = (select id from users where employee_number = 'E0002'))`);
}

/**
 * BENCH_LOAD_TOPICS_PER_GROUP: copies of each group's first delivered topic until the group
 * holds that many (the demo has 2–3 per group, so thousands of users crowd onto 17 topics and
 * every like reaches ~60 readers). Copies are plain, older than the originals, not emergencies.
 */
export async function addTopics(db: pg.Client, perGroup: number): Promise<void> {
  const keep = new Set(['id', 'title', 'title_search', 'emergency_contact', 'delivery_at', 'created_at', 'updated_at']);
  const cols = (await db.query(`select column_name from information_schema.columns where table_name = 'topics'`)).rows
    .map((r) => r.column_name as string)
    .filter((c) => !keep.has(c));
  await db.query(
    `with base as (
      select distinct on (group_id) * from topics
      where group_id is not null and in_bin = 0 and delivery_at <= $2 order by group_id, id),
    counts as (select group_id, count(*)::int as n from topics where group_id is not null and in_bin = 0 group by group_id)
    insert into topics (title, title_search, emergency_contact, delivery_at, created_at, updated_at, ${cols.map((c) => `"${c}"`).join(', ')})
    select b.title || ' ' || i, b.title_search || ' ' || i, 0, b.delivery_at - i * 60000, b.created_at - i * 60000, b.updated_at - i * 60000, ${cols.map((c) => `b."${c}"`).join(', ')}
    from base b join counts c on c.group_id = b.group_id cross join lateral generate_series(1, greatest($1 - c.n, 0)) i`,
    [perGroup, Date.now()],
  );
}

function countBy(keys: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

/** Shed answers must be quick: a refusal that takes long is a backlog under another name. */
export const SHED_MS_MAX = 50;

/**
 * The pass rule applies to the admitted requests: a 503 is the server shedding load (answered
 * at once with Retry-After), counted apart and passing only if p99 of them is under SHED_MS_MAX.
 */
export function summarise(all: Sample[], seconds: number, users: number) {
  const shed = all
    .filter((s) => s.status === 503)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const samples = shed.length ? all.filter((s) => s.status !== 503) : all;
  const shedP99 = shed.length ? shed[Math.min(shed.length - 1, Math.floor(0.99 * shed.length))]! : 0;
  const shedFigures = {
    shed_503: shed.length,
    shed_pct: all.length ? Math.round((shed.length / all.length) * 10000) / 100 : 0,
    shed_ms_p99: Math.round(shedP99 * 10) / 10,
    shed_ms_max: shed.length ? Math.round(shed[shed.length - 1]! * 10) / 10 : 0,
  };
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const n = ms.length;
  const e5 = samples.filter((s) => s.status >= 500).length;
  const mean = n ? ms.reduce((a, b) => a + b, 0) / n : 0;
  const p = (q: number) => (n ? ms[Math.min(n - 1, Math.floor(q * n))]! : 0);
  const fivexx = n ? (e5 / n) * 100 : 0;
  const other4xx = samples.filter((s) => s.status >= 400 && s.status < 500).length;
  return {
    users,
    requests: n,
    rps: Math.round(n / seconds),
    mean_ms: Math.round(mean * 10) / 10,
    p50_ms: Math.round(p(0.5)),
    p99_ms: Math.round(p(0.99)),
    fivexx_pct: Math.round(fivexx * 10000) / 10000,
    http_4xx: other4xx,
    // Which calls were refused and how: a model that asks for what its user may not see measures
    // error pages, not the portal's pages.
    http_4xx_by_route: Object.fromEntries(
      countBy(samples.filter((s) => s.status >= 400 && s.status < 500).map((s) => `${s.status} ${s.route}`)),
    ),
    ...shedFigures,
    pass: n > 0 && fivexx < 0.025 && mean < 100 && p(0.99) < 2000 && shedP99 < SHED_MS_MAX,
    // Calls of each route per 1 000 user-seconds, most first: where a page view's cost goes.
    calls_per_1000_user_s: Object.fromEntries(
      [...countBy(samples.map((s) => s.route))]
        .map(([r, c]) => [r, Math.round((c / seconds / users) * 1000)] as const)
        .sort((a, b) => b[1] - a[1]),
    ),
  };
}
