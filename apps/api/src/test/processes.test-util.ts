import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { REPO_ROOT } from '../config';
import { databaseUrlOf, pgAdmin } from './pg-admin';

/**
 * Real API processes for scale-out tests (several nodes on one PostgreSQL + Redis). Each child
 * runs apps/api/src/server.ts with the given environment on 127.0.0.1.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const API = '/service/api/v1';

export interface ApiProc {
  child: ChildProcess;
  port: number;
  http: string;
  output: string[];
}

/** A fresh PostgreSQL database for a group of processes. */
export async function sharedPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`CREATE DATABASE ${name}`);
  return { url: databaseUrlOf(name), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function startApi(port: number, env: Record<string, string>): ApiProc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: '0',
      REMOTES_AUTOPUBLISH: '0',
      // Every engineer's tests share Redis-backed limits on 127.0.0.1; ours must not trip them.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_ANON: '100000',
      // A test machine shared with others stalls often: tests never shed on the loop's delay.
      EVENT_LOOP_SHED_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: ApiProc = { child, port, http: `http://127.0.0.1:${port}`, output: [] };
  child.stdout!.on('data', (d: Buffer) => p.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => p.output.push(d.toString()));
  return p;
}

export async function waitHealthy(p: ApiProc, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`API on ${p.port} exited ${p.child.exitCode}:\n${p.output.join('')}`);
    try {
      if ((await fetch(`${p.http}${API}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API on ${p.port} not healthy in ${ms} ms:\n${p.output.join('')}`);
}

export function stopApi(p: ApiProc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
    p.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    p.child.kill('SIGTERM');
  });
}

/** Polls `probe` until it returns true; resolves with the milliseconds it took, or throws. */
export async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
