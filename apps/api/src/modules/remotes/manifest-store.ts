import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { REMOTE_NAMES, remotesManifest, type RemoteName, type RemotesManifest } from '@portal/api-client';

/**
 * On-disk state of remote deployments under DATA_DIR:
 *
 *   remotes.json                       what the shell loads (derived, rewritten atomically)
 *   remotes/<name>/<version>/          immutable copies of builds
 *   remotes/<name>/state.json          current version, rollback pin, history
 *   remotes/.lock                      serialises writers (CLI and N API processes)
 *
 * remotes.json is always regenerated from the per-remote state files, so a corrupted or deleted
 * remotes.json is repaired by the next publish instead of blocking it.
 */

/** `<package version>-<8 hex>`; also the only folder names ever served from remotes/<name>/. */
export const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,99}$/;

const historyEvent = z.object({
  at: z.string(),
  action: z.enum(['publish', 'rollback']),
  version: z.string(),
  previous: z.string().nullable(),
});
export type HistoryEvent = z.infer<typeof historyEvent>;

const remoteState = z.object({
  current: z.string().nullable(),
  pinned: z.boolean(),
  history: z.array(historyEvent),
});
export type RemoteState = z.infer<typeof remoteState>;

const EMPTY_STATE: RemoteState = { current: null, pinned: false, history: [] };
/** Enough to explain any recent rollback; older lines only grow the file. */
const HISTORY_LIMIT = 500;

export const remotesRoot = (dataDir: string) => path.join(dataDir, 'remotes');
export const manifestPath = (dataDir: string) => path.join(dataDir, 'remotes.json');
export const remoteDir = (dataDir: string, name: RemoteName) => path.join(remotesRoot(dataDir), name);
export const versionDir = (dataDir: string, name: RemoteName, version: string) =>
  path.join(remoteDir(dataDir, name), version);
const statePath = (dataDir: string, name: RemoteName) => path.join(remoteDir(dataDir, name), 'state.json');

export function entryUrl(name: RemoteName, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Writes via a temp file in the same folder and a rename, so readers never see half a file. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The manifest as served; throws on a missing or invalid file (the server answers 503). */
export async function readManifest(dataDir: string): Promise<RemotesManifest> {
  const raw = await readFile(manifestPath(dataDir), 'utf8');
  return remotesManifest.parse(JSON.parse(raw));
}

export async function readState(dataDir: string, name: RemoteName): Promise<RemoteState> {
  try {
    return remoteState.parse(JSON.parse(await readFile(statePath(dataDir, name), 'utf8')));
  } catch (e) {
    if (isMissing(e)) return EMPTY_STATE;
    throw new Error(`${statePath(dataDir, name)} is unreadable (${(e as Error).message}); fix or delete it`);
  }
}

export async function writeState(dataDir: string, name: RemoteName, state: RemoteState): Promise<void> {
  const trimmed = { ...state, history: state.history.slice(-HISTORY_LIMIT) };
  await writeFileAtomic(statePath(dataDir, name), JSON.stringify(trimmed, null, 2) + '\n');
}

/** Rebuilds remotes.json from every remote's state and writes it atomically. */
export async function regenerateManifest(dataDir: string, now: Date): Promise<RemotesManifest> {
  const remotes: RemotesManifest['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const s = await readState(dataDir, name);
    if (s.current) remotes[name] = { version: s.current, entry: entryUrl(name, s.current), enabled: true };
  }
  const manifest: RemotesManifest = { remotes, updated_at: now.toISOString() };
  await writeFileAtomic(manifestPath(dataDir), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * Versions on disk for a remote, oldest first: in the order they were first published (from the
 * history), then any folders the history does not know, by modification time.
 */
export async function listVersions(dataDir: string, name: RemoteName): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(remoteDir(dataDir, name));
  } catch (e) {
    if (isMissing(e)) return [];
    throw e;
  }
  const onDisk: { version: string; mtime: number }[] = [];
  for (const v of entries) {
    if (!VERSION_RE.test(v)) continue;
    try {
      const s = await stat(path.join(remoteDir(dataDir, name), v, 'mf-manifest.json'));
      if (s.isFile()) onDisk.push({ version: v, mtime: s.mtimeMs });
    } catch {
      // Not a complete build folder (no manifest): never offered as a version.
    }
  }
  const known = new Set(onDisk.map((x) => x.version));
  const state = await readState(dataDir, name);
  const ordered: string[] = [];
  for (const ev of state.history) {
    if (ev.action === 'publish' && known.has(ev.version) && !ordered.includes(ev.version)) ordered.push(ev.version);
  }
  const rest = onDisk.filter((x) => !ordered.includes(x.version)).sort((a, b) => a.mtime - b.mtime);
  return [...ordered, ...rest.map((x) => x.version)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A writer holds the lock for milliseconds; one older than this died mid-write. */
const STALE_LOCK_MS = 30_000;

/** Runs `fn` while holding remotes/.lock, so concurrent publishers cannot lose each other's update. */
export async function withLock<T>(dataDir: string, fn: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const lock = path.join(remotesRoot(dataDir), '.lock');
  await mkdir(remotesRoot(dataDir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fh = await open(lock, 'wx');
      await fh.writeFile(`${process.pid} ${new Date().toISOString()}\n`);
      await fh.close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await unlink(lock).catch(() => {});
      else if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      else await sleep(50);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lock).catch(() => {});
  }
}
