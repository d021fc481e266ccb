import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR, E2E_ROOT, REPO_ROOT } from './env';

/**
 * Publishing a special settings build from the specs. The build goes through apps/settings/dist,
 * which every shard (and every worker) shares: two shards rebuilding it at once broke both builds,
 * and one shard could publish the other's deliberately broken canary as its stable settings area.
 * So dist changes only under a lock held across build → patch → publish → rebuild of the plain
 * build; once published, the build lives in the shard's own DATA_DIR and dist is free again.
 */

const LOCK = path.join(E2E_ROOT, '.run', 'settings-dist.lock');
const WAIT_MS = 240_000;

/** Runs the deploy command against this shard's data dir, as ops would. */
export function remotesCli(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'remotes', '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR },
    encoding: 'utf8',
  });
}

export const SETTINGS_DIST = path.join(REPO_ROOT, 'apps', 'settings', 'dist');

function buildSettings(label: string): void {
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@portal/settings'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORTAL_BUILD_LABEL: label },
    stdio: 'ignore',
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** mkdir is atomic: whoever creates the folder holds the lock. A dead holder's lock is taken over. */
async function acquire(): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    } catch {
      // Created but its pid not written yet: wait like for a live holder.
    }
    if (holder && !alive(holder)) rmSync(LOCK, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`${LOCK} still held by pid ${holder} after ${WAIT_MS} ms`);
    else await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Builds settings with `label` compiled in (the layout shows it as data-remote-build), lets
 * `patch` alter the dist folder, runs `npm run remotes -- publish settings ...publishArgs`, and
 * leaves dist holding the plain build again. Returns what the publish printed.
 */
export async function publishSettingsBuild(label: string, publishArgs: string[] = [], patch?: (dist: string) => void): Promise<string> {
  await acquire();
  try {
    buildSettings(label);
    patch?.(SETTINGS_DIST);
    return remotesCli('publish', 'settings', ...publishArgs);
  } finally {
    try {
      buildSettings('');
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
