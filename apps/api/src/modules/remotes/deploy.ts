import { createHash, randomBytes } from 'node:crypto';
import { cp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@portal/api-client';
import { mfName } from '@portal/ui/federation';
import {
  entryUrl,
  isRemoteName,
  listVersions,
  readManifest,
  readState,
  regenerateManifest,
  remoteDir,
  versionDir,
  withLock,
  writeState,
  type RemoteState,
} from './manifest-store';
import { findSkew, readMfManifest, shellSharedVersions, SkewError } from './skew';
import { precompressDir } from './precompress';

/**
 * Publish and rollback of the six remotes. A build is copied once into an immutable folder named
 * by its content, and only the pointer in remotes.json moves; the shell reads that file on every
 * start, so neither a shell rebuild nor a server restart is needed.
 */

export interface DeployOptions {
  /** Repository root (holds apps/<name>/dist and apps/shell/dist). */
  rootDir: string;
  dataDir: string;
  now?: () => Date;
}

export interface PublishResult {
  name: RemoteName;
  version: string;
  entry: string;
  /** The versioned folder already existed (same build published before). */
  reused: boolean;
  /** remotes.json now points somewhere else than before. */
  switched: boolean;
  previous: string | null;
}

export interface RollbackResult {
  name: RemoteName;
  version: string;
  previous: string;
}

export interface RemoteListing {
  name: RemoteName;
  current: string | null;
  pinned: boolean;
  versions: string[];
}

export function assertRemoteName(name: string): RemoteName {
  if (!isRemoteName(name)) throw new Error(`unknown remote "${name}"; known: ${REMOTE_NAMES.join(', ')}`);
  return name;
}

const distDir = (rootDir: string, name: RemoteName) => path.join(rootDir, 'apps', name, 'dist');

/** Every file of a folder, relative, '/'-separated, sorted (so the hash ignores readdir order). */
async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const ent of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${ent.name}` : ent.name;
    if (ent.isDirectory()) out.push(...(await filesOf(path.join(dir, ent.name), rel)));
    else if (ent.isFile()) out.push(rel);
  }
  return out.sort();
}

/** SHA-256 over every file's path and bytes: equal builds give equal versions. */
export async function contentHash(dir: string): Promise<string> {
  const h = createHash('sha256');
  for (const rel of await filesOf(dir)) {
    h.update(rel).update('\0');
    h.update(await readFile(path.join(dir, rel))).update('\0');
  }
  return h.digest('hex');
}

async function packageVersion(rootDir: string, name: RemoteName, fallback?: string): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.join(rootDir, 'apps', name, 'package.json'), 'utf8'));
    if (typeof pkg.version === 'string') return pkg.version;
  } catch {
    // Fall back to the version the build recorded in its manifest.
  }
  if (fallback) return fallback;
  throw new Error(`cannot find the package version of ${name}`);
}

/** Checks a build folder is a complete build of this remote and computes its version. */
export async function inspectBuild(rootDir: string, name: RemoteName, dir = distDir(rootDir, name)) {
  const manifest = await readMfManifest(path.join(dir, 'mf-manifest.json'));
  if (manifest.name !== mfName(name)) {
    throw new Error(`${dir} holds container "${manifest.name}", expected "${mfName(name)}"`);
  }
  await stat(path.join(dir, 'remoteEntry.js')).catch(() => {
    throw new Error(`${dir}/remoteEntry.js is missing: the build is incomplete`);
  });
  const pkgVersion = await packageVersion(rootDir, name, manifest.metaData?.buildInfo?.buildVersion);
  const version = `${pkgVersion}-${(await contentHash(dir)).slice(0, 8)}`;
  return { manifest, version, dir };
}

async function assertNoSkew(rootDir: string, name: RemoteName, manifestFile: string): Promise<void> {
  const manifest = await readMfManifest(manifestFile);
  const mismatches = findSkew(manifest.shared, await shellSharedVersions(rootDir));
  if (mismatches.length) throw new SkewError(name, mismatches);
}

/** Copies the build into remotes/<name>/<version>/ unless that folder already exists. */
async function storeImmutable(dataDir: string, name: RemoteName, version: string, from: string): Promise<boolean> {
  const target = versionDir(dataDir, name, version);
  if (await stat(target).then(() => true, () => false)) return true;
  // Copy beside the target and rename: a reader or a second publisher never sees half a folder.
  const tmp = path.join(remoteDir(dataDir, name), `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await cp(from, tmp, { recursive: true, errorOnExist: true, force: false });
  // .br/.gz siblings for content negotiation; a build that already has them (npm run build
  // writes them) costs only a stat per file here.
  await precompressDir(tmp);
  try {
    await rename(tmp, target);
    return false;
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    const code = (e as NodeJS.ErrnoException).code;
    // Another publisher stored the same content first; its folder is byte-for-byte ours.
    if (code === 'EEXIST' || code === 'ENOTEMPTY') return true;
    throw e;
  }
}

export async function publish(nameArg: string, opts: DeployOptions): Promise<PublishResult> {
  const name = assertRemoteName(nameArg);
  const now = opts.now ?? (() => new Date());
  const build = await inspectBuild(opts.rootDir, name);
  await assertNoSkew(opts.rootDir, name, path.join(build.dir, 'mf-manifest.json'));
  const reused = await storeImmutable(opts.dataDir, name, build.version, build.dir);

  return withLock(opts.dataDir, async () => {
    const state = await readState(opts.dataDir, name);
    const previous = state.current;
    const switched = previous !== build.version;
    if (switched || state.pinned) {
      const next: RemoteState = {
        current: build.version,
        pinned: false,
        history: [
          ...state.history,
          { at: now().toISOString(), action: 'publish', version: build.version, previous },
        ],
      };
      await writeState(opts.dataDir, name, next);
    }
    // Always rewritten: this also repairs a deleted or corrupted remotes.json.
    await regenerateManifest(opts.dataDir, now());
    return { name, version: build.version, entry: entryUrl(name, build.version), reused, switched, previous };
  });
}

/**
 * Points a remote back at an earlier version on disk (the one published before the current,
 * or `version`) and pins it, so start-up publishing leaves it alone until the next publish.
 */
export async function rollback(nameArg: string, opts: DeployOptions & { version?: string }): Promise<RollbackResult> {
  const name = assertRemoteName(nameArg);
  const now = opts.now ?? (() => new Date());
  return withLock(opts.dataDir, async () => {
    const state = await readState(opts.dataDir, name);
    if (!state.current) throw new Error(`${name} has never been published`);
    const versions = await listVersions(opts.dataDir, name);
    let target = opts.version;
    if (target === undefined) {
      const idx = versions.indexOf(state.current);
      target = idx > 0 ? versions[idx - 1] : undefined;
      if (!target) throw new Error(`${name} has no version older than ${state.current} on disk`);
    } else if (!versions.includes(target)) {
      throw new Error(`${name} has no version ${target} on disk; available: ${versions.join(', ') || 'none'}`);
    }
    if (target === state.current) throw new Error(`${name} is already at ${target}`);
    // The shell may have moved on since this version was live; rolling into skew is refused too.
    await assertNoSkew(opts.rootDir, name, path.join(versionDir(opts.dataDir, name, target), 'mf-manifest.json'));
    const previous = state.current;
    await writeState(opts.dataDir, name, {
      current: target,
      pinned: true,
      history: [...state.history, { at: now().toISOString(), action: 'rollback', version: target, previous }],
    });
    await regenerateManifest(opts.dataDir, now());
    return { name, version: target, previous };
  });
}

export async function list(opts: Pick<DeployOptions, 'dataDir'>): Promise<RemoteListing[]> {
  const out: RemoteListing[] = [];
  for (const name of REMOTE_NAMES) {
    const s = await readState(opts.dataDir, name);
    out.push({ name, current: s.current, pinned: s.pinned, versions: await listVersions(opts.dataDir, name) });
  }
  return out;
}

export type StartupOutcome =
  | { name: RemoteName; status: 'published'; version: string }
  | { name: RemoteName; status: 'up-to-date' | 'pinned' | 'no-build'; version?: string }
  | { name: RemoteName; status: 'failed'; error: string };

/**
 * Start-up pass: publish each remote whose dist is newer than what is live, except remotes
 * pinned by a rollback (a restart must not undo an operator's rollback).
 */
export async function publishBuilt(opts: DeployOptions): Promise<StartupOutcome[]> {
  const out: StartupOutcome[] = [];
  for (const name of REMOTE_NAMES) {
    try {
      const hasBuild = await stat(path.join(distDir(opts.rootDir, name), 'mf-manifest.json')).then(() => true, () => false);
      if (!hasBuild) {
        out.push({ name, status: 'no-build' });
        continue;
      }
      const state = await readState(opts.dataDir, name);
      if (state.pinned && state.current) {
        out.push({ name, status: 'pinned', version: state.current });
        continue;
      }
      const { version } = await inspectBuild(opts.rootDir, name);
      if (state.current === version) {
        out.push({ name, status: 'up-to-date', version });
        continue;
      }
      const res = await publish(name, opts);
      out.push({ name, status: 'published', version: res.version });
    } catch (e) {
      out.push({ name, status: 'failed', error: (e as Error).message });
    }
  }
  // Nothing to publish but remotes.json deleted or corrupted: rebuild it from the state files.
  const healthy = await readManifest(opts.dataDir).then(() => true, () => false);
  if (!healthy) {
    await withLock(opts.dataDir, () => regenerateManifest(opts.dataDir, (opts.now ?? (() => new Date()))()));
  }
  return out;
}
