import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firebaseOf, type FirebaseConfig } from './modules/firebase/config';

/**
 * Repo root, so DATA_DIR=data means the same folder whether started from the root or apps/api.
 * Found by walking up to the folder holding apps/api, because this module runs both from
 * apps/api/src (tests, tsx) and bundled into apps/api/dist/server.mjs (npm start).
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'api', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}

export type Clock = () => number;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** undefined → SQLite file under dataDir; postgres://… → PostgreSQL. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** PostgreSQL connections per API process (DATABASE_POOL_MAX; see docs/configuration.md). */
  databasePoolMax: number;
  /**
   * DATABASE_QUEUE_MAX: requests waiting for a pooled connection beyond which new API requests
   * are answered 503 at once (PostgreSQL; 0 = no bound). Default 32 × DATABASE_POOL_MAX: an office's
   * burst (a hundred people booking the same slot at once) waits its turn; only a backlog that
   * would not drain in a few hundred milliseconds is shed.
   */
  databaseQueueMax: number;
  /**
   * PASSWORD_HASH_QUEUE_MAX: password hashes (argon2) waiting beyond which a login is answered 503.
   * Default 128: people arriving together at 9:00 wait a second or two instead of being told to retry.
   */
  passwordHashQueueMax: number;
  /**
   * REQUESTS_IN_FLIGHT_MAX: API reads admitted and not yet answered per process beyond which a
   * new read queues at the door, or is answered 503 at once when the queue is standing; writes get
   * twice the bound (http/admission.ts; 0 = no bound). Default 4 × DATABASE_POOL_MAX on
   * PostgreSQL, 256 on SQLite: a burst of an office at once is served; a backlog is not built.
   */
  requestsInFlightMax: number;
  /** REQUESTS_QUEUE_WAIT_MS: how long the door's queue may stay non-empty before reads are refused at once. Default 100. */
  requestsQueueWaitMs: number;
  /**
   * REQUESTS_LOOP_TARGET_MS: event-loop lateness above which the bound on reads shrinks below
   * REQUESTS_IN_FLIGHT_MAX until the loop is on time again (http/admission-limit.ts); 0 = fixed.
   * Default 20.
   */
  requestsLoopTargetMs: number;
  /**
   * EVENT_LOOP_SHED_MS: the event loop's p99 delay over a window (EVENT_LOOP_SHED_WINDOW_MS) above
   * which new API reads are answered 503 at once, until a window is under it again; 0 = off.
   */
  eventLoopShedMs: number;
  eventLoopShedWindowMs: number;
  /**
   * EVENT_LOOP_SHED_MIN_IN_FLIGHT: a slow loop sheds only while this many API requests are being
   * served (a loop stalled by a neighbour or a start-up seed is not overload). Default 16.
   */
  eventLoopShedMinInFlight: number;
  /**
   * DIGEST_SWEEP_MS: how often the digest mail sweep runs. Default 60 000: a digest goes out within
   * a minute of its hour; the e2e portal sweeps every few seconds so its digest spec need not wait.
   */
  digestSweepMs: number;
  /** DATABASE_POOL_STATS_FILE: where each process writes its pool's wait figures every second. */
  databasePoolStatsFile: string | undefined;
  /** undefined → stored files under dataDir/files; s3://bucket/prefix → an S3-compatible store. */
  storageUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Requests per minute per signed-in user over the whole API (RATE_LIMIT_MAX). */
  rateLimitMax: number;
  /** Anonymous requests per minute per address (RATE_LIMIT_ANON): an office shares one. */
  rateLimitAnon: number;
  /**
   * Requests per minute per address for login, forgot-password and reset-password
   * (RATE_LIMIT_LOGIN): a ceiling for a whole office logging in at once; each account's failures
   * are throttled on their own (modules/auth/throttle.ts).
   */
  rateLimitLogin: number;
  /** Namespace of the limiter's Redis keys (RATE_LIMIT_REDIS_PREFIX), for portals sharing one Redis. */
  rateLimitPrefix: string;
  /**
   * Addresses (IPs or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed;
   * empty: the socket address is the client (anyone else could pick their own IP).
   */
  trustProxy: string[];
  /** METRICS_ALLOW: addresses or CIDR ranges besides loopback that may read /metrics. */
  metricsAllow: string[];
  /**
   * Longest time one request may take to arrive (uploads); also bounds how long a staged file can
   * belong to a live request, so the sweep removes older ones.
   */
  uploadTimeoutMs: number;
  /**
   * DRAIN_MS: after SIGTERM, how long the process keeps serving while /readyz answers 503, so a
   * load balancer that probes it stops sending new requests before the listener closes.
   */
  drainMs: number;
  /**
   * How long an access token's looked-up row and a user's settings may answer again (caches.ts);
   * 0 turns the caches off. At most 10 s: it bounds how late a change no path announced is seen.
   */
  sessionCacheMs: number;
  /**
   * Spec section 6: an employee in no group is refused at login and on every later call
   * (modules/auth/no-group.ts). Always on in a real start; only the test harness turns it off by
   * default, since most suites work with users they add to groups after logging them in.
   */
  refuseWithoutGroup: boolean;
  /**
   * How long a user's access to a group (the group row and their membership) may answer again
   * (modules/groups/access-cache.ts); 0 turns it off. PostgreSQL only: every change is announced
   * by the database, the TTL (at most 10 s) only bounds a lost announcement.
   */
  groupAccessCacheMs: number;
  /**
   * How long a hot read's JSON may answer the same user again while this process has written
   * nothing (http/response-cache.ts); 0 turns it off. At most 10 s. Off whenever REDIS_URL is
   * set: another process's writes would not be seen.
   */
  responseCacheMs: number;
  /**
   * What the first start on an empty database does: seed the demo company (its password is
   * published), print a one-time setup link for the first company administrator, or nothing.
   */
  firstRun: 'seed' | 'setup-link' | 'nothing';
  /** The demo seed was forced (SEED_DEMO=1) on what looks like a real deployment. */
  demoSeedForced: boolean;
  /**
   * LINE Login (OpenID Connect). Set when LINE_CHANNEL_ID and LINE_CHANNEL_SECRET are; the login
   * page shows the LINE button only then. The endpoint URLs are LINE's unless overridden (tests
   * point them at a stand-in provider).
   */
  line: LineConfig | undefined;
  /** FIREBASE_*: FCM pushes and the optional Firestore realtime mirror (modules/firebase). */
  firebase?: FirebaseConfig | undefined;
  /** Epoch milliseconds; tests inject a clock to simulate expiry and idle time. */
  now: Clock;
  /**
   * Key of the short-lived signed image and download links (URL_SIGNING_KEY, at least 32
   * characters). Unset: a random key kept in DATA_DIR/url-signing.key, shared by the processes
   * that share DATA_DIR. Processes on separate machines need the same value.
   */
  urlSigningKey?: string | undefined;
}

export interface LineConfig {
  channelId: string;
  channelSecret: string;
  /** Where LINE sends the browser back: the portal's /line-login page. */
  callbackUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  issuer: string;
}

type Env = Record<string, string | undefined>;

function lineOf(env: Env, publicUrl: string): LineConfig | undefined {
  const channelId = env.LINE_CHANNEL_ID?.trim();
  const channelSecret = env.LINE_CHANNEL_SECRET?.trim();
  if (!channelId && !channelSecret) return undefined;
  if (!channelId || !channelSecret) throw new Error('LINE_CHANNEL_ID and LINE_CHANNEL_SECRET are set together (or neither)');
  return {
    channelId,
    channelSecret,
    callbackUrl: env.LINE_CALLBACK_URL || `${publicUrl}/line-login`,
    authorizeUrl: env.LINE_AUTHORIZE_URL || 'https://access.line.me/oauth2/v2.1/authorize',
    tokenUrl: env.LINE_TOKEN_URL || 'https://api.line.me/oauth2/v2.1/token',
    issuer: env.LINE_ISSUER || 'https://access.line.me',
  };
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw.toLowerCase() === 'true';
}

/** A PUBLIC_URL only this machine reaches: the demo's published password harms nobody there. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Demo data only for a local, non-production start, unless forced with SEED_DEMO=1 (or refused
 * with SEED_DEMO=0). Otherwise the first start prints a one-time setup link.
 */
function firstRunOf(env: Env, publicUrl: string): Pick<Config, 'firstRun' | 'demoSeedForced'> {
  const local = env.NODE_ENV !== 'production' && isLocalUrl(publicUrl);
  // SEED_ON_EMPTY=0 (operators' tools, the fault-injection child server): start empty, no link.
  if (env.SEED_ON_EMPTY === '0') return { firstRun: 'nothing', demoSeedForced: false };
  const raw = env.SEED_DEMO;
  const seed = raw === undefined || raw === '' ? local : bool(env, 'SEED_DEMO', false);
  return { firstRun: seed ? 'seed' : 'setup-link', demoSeedForced: seed && !local };
}

function list(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  // Fastify's old boolean spelling would trust every hop: refuse it rather than guess.
  if (raw === '1' || raw.toLowerCase() === 'true')
    throw new Error(`${name} must list proxy addresses (e.g. 10.0.0.5,10.1.0.0/16), not "${raw}"`);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 8080);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file)');
  }
  const storageUrl = env.STORAGE_URL || undefined;
  if (storageUrl && !/^s3:\/\/[^/]+/.test(storageUrl)) {
    throw new Error('STORAGE_URL must be an s3://bucket/prefix URL (leave it unset for DATA_DIR/files)');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    storageUrl,
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', 10) || 10,
    databaseQueueMax: int(env, 'DATABASE_QUEUE_MAX', 32 * (int(env, 'DATABASE_POOL_MAX', 10) || 10)),
    passwordHashQueueMax: int(env, 'PASSWORD_HASH_QUEUE_MAX', 128),
    requestsInFlightMax: int(env, 'REQUESTS_IN_FLIGHT_MAX', databaseUrl ? 4 * (int(env, 'DATABASE_POOL_MAX', 10) || 10) : 256),
    requestsQueueWaitMs: int(env, 'REQUESTS_QUEUE_WAIT_MS', 100),
    requestsLoopTargetMs: int(env, 'REQUESTS_LOOP_TARGET_MS', 20),
    eventLoopShedMs: int(env, 'EVENT_LOOP_SHED_MS', 200),
    eventLoopShedWindowMs: int(env, 'EVENT_LOOP_SHED_WINDOW_MS', 500) || 500,
    eventLoopShedMinInFlight: int(env, 'EVENT_LOOP_SHED_MIN_IN_FLIGHT', 16),
    digestSweepMs: int(env, 'DIGEST_SWEEP_MS', 60_000) || 60_000,
    databasePoolStatsFile: env.DATABASE_POOL_STATS_FILE || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600),
    rateLimitAnon: int(env, 'RATE_LIMIT_ANON', 1200),
    rateLimitLogin: int(env, 'RATE_LIMIT_LOGIN', 600),
    rateLimitPrefix: env.RATE_LIMIT_REDIS_PREFIX || 'portal-rl-',
    trustProxy: list(env, 'TRUST_PROXY'),
    metricsAllow:
      env.METRICS_ALLOW?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [],
    uploadTimeoutMs: int(env, 'UPLOAD_TIMEOUT_MS', 15 * 60_000),
    drainMs: int(env, 'DRAIN_MS', 0),
    sessionCacheMs: Math.min(int(env, 'SESSION_CACHE_MS', 10_000), 10_000),
    refuseWithoutGroup: true,
    groupAccessCacheMs: Math.min(int(env, 'GROUP_ACCESS_CACHE_MS', 10_000), 10_000),
    responseCacheMs: Math.min(int(env, 'RESPONSE_CACHE_MS', 2000), 10_000),
    urlSigningKey: env.URL_SIGNING_KEY || undefined,
    ...firstRunOf(env, publicUrl),
    line: lineOf(env, publicUrl),
    firebase: firebaseOf(env),
    now: Date.now,
    ...overrides,
  };
}
