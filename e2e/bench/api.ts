/**
 * Hot API reads against a bare Fastify answering the same bytes: the group list, a
 * topic feed page, a topic detail and /remotes.json, each loaded by autocannon with 50
 * connections, in the same run and with the same client: both sides warmed up, then
 * BENCH_API_ROUNDS rounds of BENCH_API_SECONDS each, portal and bare alternating, and the median
 * round of each side reported. The ratio portal/bare is the figure that matters (goal ≥ 0.5 on
 * SQLite); absolute requests/s depend on the machine.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPgDatabase } from '../../apps/api/src/test/harness';
import { DEMO_PASSWORD, MEMBER } from '../support/env';
import { startPortal } from '../support/portal';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 4);
/** Rounds per read, portal and bare alternating; the median round is reported. */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
/** Load before the first round, so neither side is measured while V8 is still compiling it. */
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const API = '/service/api/v1';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${API}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ employee_number: MEMBER.employeeNumber, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench login failed: HTTP ${res.status}`);
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

async function getJson<T>(baseUrl: string, url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { headers });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The member's first group that has a topic, and that topic: real ids from the demo seed. */
async function targets(baseUrl: string): Promise<Target[]> {
  const auth = { Authorization: `Bearer ${await login(baseUrl)}` };
  const groupList = `${API}/members/me/groups?page=1`;
  const groups = await getJson<{ items: { data: { id: number }[] } }>(baseUrl, groupList, auth);
  for (const g of groups.items.data) {
    const feed = `${API}/members/me/groups/${g.id}/topics/get-not-delete-topics?page=1`;
    const topics = await getJson<{ items: { data: { id: number }[] } }>(baseUrl, feed, auth);
    const topic = topics.items.data[0];
    if (!topic) continue;
    return [
      { name: 'group_list', url: groupList, headers: auth },
      { name: 'feed_page', url: feed, headers: auth },
      { name: 'topic_detail', url: `${API}/members/me/groups/${g.id}/topics/get-topic-detail/${topic.id}`, headers: auth },
      { name: 'remotes_json', url: '/remotes.json', headers: {} },
    ];
  }
  throw new Error('no group of the bench user has a topic');
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Requests/s, and the server's CPU time per request: on a machine shared with other work the
 * requests/s of both sides swing with the load, while CPU per request stays comparable.
 */
async function load(url: string, headers: Record<string, string>, pid: number, seconds = SECONDS) {
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const cpu = cpuSeconds(pid) - cpu0;
  return {
    requests_per_second: Math.round(r.requests.average),
    cpu_us_per_request: r.requests.total ? Math.round((cpu * 1e6) / r.requests.total) : null,
    p99_ms: r.latency.p99,
    non_2xx: r.non2xx,
    errors: r.errors,
  };
}

type Round = Awaited<ReturnType<typeof load>>;

/** The round with the median requests/s (its CPU per request with it). */
function medianRound(rounds: Round[]): Round {
  const sorted = [...rounds].sort((a, b) => a.requests_per_second - b.requests_per_second);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Starts the bare server in its own process with the portal's answers as its routes. */
async function startBare(routes: { path: string; type: string; body: string }[]) {
  const child = fork(fileURLToPath(new URL('./bare-http-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const ready = new Promise<{ port: number }>((r) => child.once('message', (m) => r(m as { port: number })));
  child.send({ routes });
  const { port } = await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.send({ close: true });
      }),
  };
}

export async function benchApi(baseUrl: string, portalPid: number) {
  const list = await targets(baseUrl);
  const routes = [];
  for (const t of list) {
    const res = await fetch(`${baseUrl}${t.url}`, { headers: t.headers });
    const body = Buffer.from(await res.arrayBuffer());
    routes.push({
      path: t.url.split('?')[0]!,
      type: res.headers.get('content-type') ?? 'application/json',
      body: body.toString('base64'),
      bytes: body.length,
    });
  }
  const bare = await startBare(routes);
  try {
    const out: Record<string, unknown> = {};
    for (const [i, t] of list.entries()) {
      const onPortal = (seconds?: number) => load(`${baseUrl}${t.url}`, t.headers, portalPid, seconds);
      const onBare = (seconds?: number) => load(`${bare.baseUrl}${t.url}`, {}, bare.pid, seconds);
      await onPortal(WARMUP_SECONDS);
      await onBare(WARMUP_SECONDS);
      // Alternated, so a burst of other work on the machine lands on both sides alike.
      const portalRounds: Round[] = [];
      const bareRounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        portalRounds.push(await onPortal());
        bareRounds.push(await onBare());
      }
      const portal = medianRound(portalRounds);
      const b = medianRound(bareRounds);
      out[t.name] = {
        bytes: routes[i]!.bytes,
        portal,
        bare: b,
        rounds_requests_per_second: {
          portal: portalRounds.map((r) => r.requests_per_second),
          bare: bareRounds.map((r) => r.requests_per_second),
        },
        ratio: Math.round((portal.requests_per_second / Math.max(1, b.requests_per_second)) * 100) / 100,
        cpu_ratio:
          portal.cpu_us_per_request && b.cpu_us_per_request
            ? Math.round((b.cpu_us_per_request / portal.cpu_us_per_request) * 100) / 100
            : null,
      };
    }
    return { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, warmup_seconds: WARMUP_SECONDS, ...out };
  } finally {
    await bare.stop();
  }
}

/**
 * Start-up of the compiled server (`npm start` minus the build): from spawn until health answers
 * and all six remotes are listed, on an empty data dir (migrations + demo seed + remote publish)
 * and again on the same dir (nothing to migrate, seed or publish).
 */
export async function benchStartup(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
  try {
    const timed = async () => {
      const t = performance.now();
      const p = await startPortal({ port, dataDir });
      const ms = Math.round(performance.now() - t);
      await p.stop();
      return ms;
    };
    return { empty_db_ms: await timed(), existing_db_ms: await timed() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const UNLIMITED = { RATE_LIMIT_LOGIN: '100000000', RATE_LIMIT_MAX: '100000000', RATE_LIMIT_ANON: '100000000' };

/**
 * The API bench on a portal of its own: SQLite, or a fresh PostgreSQL database. `uncached` runs
 * it with RESPONSE_CACHE_MS=0, so the hot reads are computed on every request — the figure for
 * calls that are not repeated within the cache's life or that follow a write.
 */
export async function benchApiOn(port: number, opts: { postgres?: boolean; uncached?: boolean } = {}) {
  const pgDb = opts.postgres ? await createPgDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-api-'));
  const env: Record<string, string> = {
    ...UNLIMITED,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(opts.uncached ? { RESPONSE_CACHE_MS: '0' } : {}),
  };
  const portal = await startPortal({ port, dataDir, env });
  try {
    return { response_cache: !opts.uncached, ...(await benchApi(portal.baseUrl, portal.pid)) };
  } finally {
    await portal.stop();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every API section of the bench: each database with the response cache and without. */
export async function benchApiAll(port: number) {
  const skipPg = Boolean(process.env.BENCH_SKIP_POSTGRES);
  return {
    sqlite: await benchApiOn(port),
    sqlite_uncached: await benchApiOn(port, { uncached: true }),
    postgres: skipPg ? null : await benchApiOn(port, { postgres: true }),
    postgres_uncached: skipPg ? null : await benchApiOn(port, { postgres: true, uncached: true }),
  };
}

// `node --import tsx e2e/bench/api.ts`: this section alone, SQLite then PostgreSQL.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchApiAll(Number(process.env.BENCH_PORT ?? 18790)), null, 2));
}
