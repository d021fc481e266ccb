import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repo root, so DATA_DIR=data means the same folder whether started from the root or apps/api. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Clock = () => number;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** undefined → SQLite file under dataDir; postgres://… → PostgreSQL. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Requests per minute per IP over the whole API. */
  rateLimitMax: number;
  /** Requests per minute per IP for login, forgot-password and reset-password. */
  rateLimitLogin: number;
  /** Honour X-Forwarded-For (only behind a proxy we control, or every client picks its own IP). */
  trustProxy: boolean;
  /** Seed the demo company when the database has no company yet. */
  seedOnEmpty: boolean;
  /** Epoch milliseconds; tests inject a clock to simulate expiry and idle time. */
  now: Clock;
}

type Env = Record<string, string | undefined>;

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

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 8080);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file)');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600),
    rateLimitLogin: int(env, 'RATE_LIMIT_LOGIN', 30),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    seedOnEmpty: bool(env, 'SEED_ON_EMPTY', true),
    now: Date.now,
    ...overrides,
  };
}
