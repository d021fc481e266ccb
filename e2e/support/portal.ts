import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './env';

export async function waitFor(url: string, ok: (res: Response) => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (await ok(res)) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}: ${last}`);
}

export interface RunningPortal {
  baseUrl: string;
  /** The API process (the bench samples its memory). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the portal exactly as `npm start` serves it (after a build): one API process serving the
 * shell and the published remotes, on its own port and data dir. Resolves once the health check
 * answers and all six remotes are published.
 */
export async function startPortal(opts: { port: number; dataDir: string; env?: Record<string, string> }): Promise<RunningPortal> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  // The compiled server `npm start` runs (apps/api/scripts/build.mjs), not the TypeScript sources.
  const server = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');
  if (!fs.existsSync(server)) throw new Error(`${server} is missing: run npm run build first`);
  // PORTAL_CPU_PROF_DIR=<dir> writes a CPU profile of the server there when it stops (bench work).
  const prof = process.env.PORTAL_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PORTAL_CPU_PROF_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...prof, server], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: baseUrl,
      // A production start seeds nothing by default; the suite logs in as the demo users.
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(`${baseUrl}/service/api/v1/health`, async (r) => r.ok);
    await waitFor(`${baseUrl}/remotes.json`, async (r) => {
      if (!r.ok) return false;
      const doc = (await r.json()) as { remotes?: Record<string, unknown> };
      return Object.keys(doc.remotes ?? {}).length === 6;
    });
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
