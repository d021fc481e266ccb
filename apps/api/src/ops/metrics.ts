import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DB } from '../db';
import type { Mailer } from '../mail';
import { POOL_WAIT_BUCKETS_MS, type PoolStats } from '../db/pool-stats';

/**
 * `/metrics` in Prometheus text format. The figures modules produce on hot paths (frames sent,
 * mail and push outcomes, job failures, request timings) are plain additions to numbers held
 * here and turned into metrics only when scraped: no label hashing or allocation per request.
 * prom-client supplies the format and its default process and Node.js metrics (event-loop lag,
 * heap, GC, CPU, file descriptors).
 */
export const counts = {
  realtimeSockets: 0,
  realtimeFramesSent: 0,
  mail: { sent: 0, failed: 0 },
  push: { sent: 0, gone: 0, failed: 0 },
  /** Job runs that threw, and jobs closed after their last attempt, by kind. */
  jobFailures: new Map<string, number>(),
  jobsGivenUp: new Map<string, number>(),
};

export function countJobFailure(kind: string, gaveUp: boolean): void {
  counts.jobFailures.set(kind, (counts.jobFailures.get(kind) ?? 0) + 1);
  if (gaveUp) counts.jobsGivenUp.set(kind, (counts.jobsGivenUp.get(kind) ?? 0) + 1);
}

/** Seconds: hot reads take about a millisecond, uploads and zips many seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Series {
  labels: Record<string, string>;
  buckets: number[];
  sum: number;
  count: number;
}

let inFlight = 0;
/** The requests `started` counted: only they are taken off the gauge when answered. */
const counted = new WeakSet<FastifyRequest>();
/** One series per route template, method and status class, created on first use. */
const durations: Series[] = [];

/** What one app (tests build several in a process) adds: its pool and its job table. */
interface Source {
  pool?: (() => PoolStats) | undefined;
  shedding?: Shedding | undefined;
  db: Kysely<DB>;
  now: () => number;
}
const sources = new Set<Source>();

type Sample = { labels?: Record<string, string | number>; value: number; metricName?: string };
type Kind = 'counter' | 'gauge' | 'histogram';

function metric(name: string, help: string, type: Kind, values: () => Sample[] | Promise<Sample[]>) {
  return { name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, values: await values() }) };
}

/** Cumulative `_bucket` samples of a histogram kept as per-bucket counts. */
function histogramSamples(
  name: string,
  labels: Record<string, string>,
  bounds: readonly number[],
  perBucket: number[],
  sum: number,
  count: number,
): Sample[] {
  const out: Sample[] = [];
  let acc = 0;
  bounds.forEach((le, i) => {
    acc += perBucket[i] ?? 0;
    if (le !== Infinity) out.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: acc });
  });
  out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
  out.push({ metricName: `${name}_sum`, labels, value: sum });
  out.push({ metricName: `${name}_count`, labels, value: count });
  return out;
}

const byKind = (m: Map<string, number>) => [...m].map(([kind, value]) => ({ labels: { kind }, value }));

async function jobQueue(): Promise<{ due: number; lag: number }> {
  let due = 0;
  let lag = 0;
  for (const s of sources) {
    const now = s.now();
    const row = await s.db
      .selectFrom('jobs')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('run_at').as('oldest')])
      .where('done_at', 'is', null)
      .where('run_at', '<=', now)
      .executeTakeFirst();
    due += Number(row?.n ?? 0);
    if (row?.oldest != null) lag = Math.max(lag, (now - Number(row.oldest)) / 1000);
  }
  return { due, lag };
}

let registry: Registry | undefined;

/** One registry per process, built at the first app: default metrics start their monitors once. */
function processRegistry(): Registry {
  if (registry) return registry;
  const r = new Registry();
  collectDefaultMetrics({ register: r });
  const pools = () => [...sources].flatMap((s) => (s.pool ? [s.pool()] : []));
  const add = (m: ReturnType<typeof metric>) => r.registerMetric(m as never);
  add(metric('http_requests_in_flight', 'Requests received and not yet answered.', 'gauge', () => [{ value: inFlight }]));
  add(
    metric('http_request_duration_seconds', 'Time from request to answer, by route template and status class.', 'histogram', () =>
      durations.flatMap((s) => histogramSamples('http_request_duration_seconds', s.labels, DURATION_BUCKETS, s.buckets, s.sum, s.count)),
    ),
  );
  add(
    metric('portal_db_pool_connections', 'PostgreSQL connections of this process: in use by a request, or idle.', 'gauge', () => {
      const p = pools();
      return [
        { labels: { state: 'in_use' }, value: p.reduce((n, s) => n + s.total - s.idle, 0) },
        { labels: { state: 'idle' }, value: p.reduce((n, s) => n + s.idle, 0) },
      ];
    }),
  );
  add(
    metric('portal_db_pool_max', 'Largest PostgreSQL pool (DATABASE_POOL_MAX).', 'gauge', () => [
      { value: pools().reduce((n, s) => n + s.max, 0) },
    ]),
  );
  add(
    metric('portal_db_pool_waiting', 'Requests waiting for a PostgreSQL connection now.', 'gauge', () => [
      { value: pools().reduce((n, s) => n + s.waiting, 0) },
    ]),
  );
  add(
    metric('portal_db_pool_wait_seconds', 'Time a request waited for a PostgreSQL connection.', 'histogram', () => {
      const p = pools();
      if (p.length === 0) return [];
      const perBucket = POOL_WAIT_BUCKETS_MS.map((_, i) => p.reduce((n, s) => n + (s.wait_histogram[i] ?? 0), 0));
      const bounds = POOL_WAIT_BUCKETS_MS.map((ms) => ms / 1000);
      const sum = p.reduce((n, s) => n + s.wait_ms_total, 0) / 1000;
      return histogramSamples(
        'portal_db_pool_wait_seconds',
        {},
        bounds,
        perBucket,
        sum,
        p.reduce((n, s) => n + s.acquired, 0),
      );
    }),
  );
  const shedding = () => [...sources].flatMap((s) => (s.shedding ? [s.shedding] : []));
  add(
    metric(
      'portal_requests_read_limit',
      'API reads admitted at once now (0: no bound): REQUESTS_IN_FLIGHT_MAX, lowered while the event loop runs late.',
      'gauge',
      () => [{ value: shedding().reduce((n, s) => n + s.limit(), 0) }],
    ),
  );
  add(
    metric('portal_requests_queued', 'API reads waiting at the door for a place.', 'gauge', () => [
      { value: shedding().reduce((n, s) => n + s.waiting(), 0) },
    ]),
  );
  add(
    metric('portal_requests_shed_total', 'API requests answered 503 SERVICE_BUSY, by what refused them.', 'counter', () => {
      const by = new Map<string, number>();
      for (const s of shedding()) for (const [k, n] of Object.entries(s.shed())) by.set(k, (by.get(k) ?? 0) + n);
      return [...by].map(([k, n]) => ({ labels: { by: k }, value: n }));
    }),
  );
  add(metric('portal_realtime_sockets', 'Open realtime WebSockets on this process.', 'gauge', () => [{ value: counts.realtimeSockets }]));
  add(
    metric('portal_realtime_frames_sent_total', 'Frames sent on realtime WebSockets.', 'counter', () => [
      { value: counts.realtimeFramesSent },
    ]),
  );
  const queue = { at: 0, value: Promise.resolve({ due: 0, lag: 0 }) };
  // Both job gauges come from one read per scrape.
  const queueNow = () => {
    if (Date.now() - queue.at > 1000) queue.value = jobQueue().catch(() => ({ due: Number.NaN, lag: Number.NaN }));
    queue.at = Date.now();
    return queue.value;
  };
  add(
    metric('portal_jobs_due', 'Durable jobs due now and not yet done (the queue depth).', 'gauge', async () => [
      { value: (await queueNow()).due },
    ]),
  );
  add(
    metric('portal_jobs_lag_seconds', 'How long the oldest due job has been waiting.', 'gauge', async () => [
      { value: (await queueNow()).lag },
    ]),
  );
  add(
    metric('portal_job_failures_total', 'Job runs that failed (to be retried or given up), by kind.', 'counter', () =>
      byKind(counts.jobFailures),
    ),
  );
  add(
    metric('portal_jobs_given_up_total', 'Jobs closed with an error after their last attempt, by kind.', 'counter', () =>
      byKind(counts.jobsGivenUp),
    ),
  );
  add(
    metric('portal_mail_total', 'Mails handed to the transport, by outcome.', 'counter', () => [
      { labels: { outcome: 'sent' }, value: counts.mail.sent },
      { labels: { outcome: 'failed' }, value: counts.mail.failed },
    ]),
  );
  add(
    metric('portal_push_total', 'Push notifications, by outcome (gone: the device unsubscribed and was forgotten).', 'counter', () => [
      { labels: { outcome: 'sent' }, value: counts.push.sent },
      { labels: { outcome: 'gone' }, value: counts.push.gone },
      { labels: { outcome: 'failed' }, value: counts.push.failed },
    ]),
  );
  registry = r;
  return r;
}

/** METRICS_ALLOW plus loopback; IPv4-mapped IPv6 addresses are judged as IPv4. */
export function metricsAllowList(entries: string[]): (ip: string) => boolean {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr ?? '');
    if (!family) throw new Error(`METRICS_ALLOW: "${entry}" is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr!, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`METRICS_ALLOW: bad prefix in "${entry}"`);
      list.addSubnet(addr!, prefix, type);
    }
  }
  return (ip) => {
    const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(v4);
    return family !== 0 && list.check(v4, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** What the door (http/admission.ts) and the shedders report. */
export interface Shedding {
  /** The bound on reads now (it shrinks while the event loop runs late). */
  limit(): number;
  waiting(): number;
  /** API requests answered 503 SERVICE_BUSY, by what refused them. */
  shed(): Record<string, number>;
}

export interface MetricsOptions {
  shedding?: Shedding;
  allow: string[];
  /** Whether TRUST_PROXY is set: only then is a forwarded request's client address known. */
  behindTrustedProxy: boolean;
  pool?: (() => PoolStats) | undefined;
  db: Kysely<DB>;
  now: () => number;
}

function statusClass(code: number): string {
  return code >= 500 ? '5xx' : code >= 400 ? '4xx' : code >= 300 ? '3xx' : code >= 200 ? '2xx' : '1xx';
}

/**
 * Times every route registered after this call (so call it before the routes) and serves
 * /metrics to loopback and METRICS_ALLOW; to anyone else it does not exist (404).
 */
export function installMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const r = processRegistry();
  const source: Source = { pool: opts.pool, shedding: opts.shedding, db: opts.db, now: opts.now };
  sources.add(source);
  app.addHook('onClose', async () => {
    sources.delete(source);
  });

  app.addHook('onRoute', (route) => {
    // A WebSocket route hands its connection over and never answers as HTTP.
    if ((route as { websocket?: boolean }).websocket || route.url === '/metrics') return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const byClass = new Map<string, Series>();
    const series = (code: number) => {
      const cls = statusClass(code);
      let s = byClass.get(cls);
      if (!s) {
        s = { labels: { method: methods, route: route.url, status_class: cls }, buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
        byClass.set(cls, s);
        durations.push(s);
      }
      return s;
    };
    const started = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      inFlight++;
      counted.add(req);
      done();
    };
    const finished = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      // A request answered by an earlier hook (a shed 503) never reached `started`.
      if (counted.delete(req)) inFlight--;
      const seconds = reply.elapsedTime / 1000;
      const s = series(reply.statusCode);
      s.sum += seconds;
      s.count++;
      const i = DURATION_BUCKETS.findIndex((le) => seconds <= le);
      if (i >= 0) s.buckets[i]!++;
      done();
    };
    route.onRequest = [started, ...toArray(route.onRequest)] as typeof route.onRequest;
    route.onResponse = [...toArray(route.onResponse), finished] as typeof route.onResponse;
  });

  const allowed = metricsAllowList(opts.allow);
  const level = (['trace', 'debug', 'info'].includes(app.log.level) ? 'warn' : app.log.level) as LogLevel;
  app.get('/metrics', { logLevel: level, config: { rateLimit: false } }, async (request, reply) => {
    // Without TRUST_PROXY a request forwarded by a proxy on this machine would look local.
    const forwarded =
      !opts.behindTrustedProxy && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined);
    if (forwarded || !allowed(request.ip)) return reply.callNotFound();
    const text = await r.metrics();
    return reply.header('content-type', r.contentType).header('cache-control', 'no-store').send(text);
  });
}

function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The mailer, counting what it sends and what the transport refuses. */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        counts.mail.sent++;
      } catch (err) {
        counts.mail.failed++;
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}
