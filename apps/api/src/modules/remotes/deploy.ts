import { createHash, randomBytes } from 'node:crypto';
import { cp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@portal/api-client';
import { mfName } from '@portal/federation';
import { entryUrl, isRemoteName, remoteDir, versionDir } from './manifest-store';
import { importLegacyState } from './legacy-state';
import { knownVersions, readState, registerVersion, setCurrent, withRegistryLock, type KnownVersion, type RegistryDb } from './registry';
import { findSkew, readMfManifest, shellSharedVersions, SkewError } from './skew';
import { endCanary, promoteCanary, readHealth, startCanary } from './canary-store';
import { precompressDir } from '@portal/federation/precompress';

/**
 * Publish and rollback of the six remotes. A build is copied once into an immutable folder named
 * by its content (or uploaded by CI to a CDN beforehand), and only the registry's pointer moves;
 * the shell reads remotes.json on every start, so neither a shell rebuild nor a restart is needed.
 */

export interface DeployOptions {
  /** Repository root (holds apps/<name>/dist and apps/shell/dist). */
  rootDir: string;
  dataDir: string;
  /** The shared database holding the registry (registry.ts). */
  registry: RegistryDb;
  /**
   * Builds are served from here instead of DATA_DIR: `<baseUrl>/<name>/<version>/` must already
   * hold apps/<name>/dist when publishing (CI uploads it first; `version` prints the folder).
   */
  baseUrl?: string;
  now?: () => Date;
}

export interface PublishResult {
  name: RemoteName;
  version: string;
  entry: string;
  /** Percent of signed-in users offered this build; absent for a stable publish. */
  canary?: number;
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
  /** The rollback ended a canary (`previous` is the withdrawn canary build). */
  endedCanary?: boolean;
}

export interface RemoteListing {
  name: RemoteName;
  current: string | null;
  pinned: boolean;
  versions: string[];
  canary: { version: string; share: number; startedAt: string } | null;
  /** Loads and errors per build since the canary (or the last one) began. */
  health: Record<string, { loads: number; errors: number }>;
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
  return { manifest, version, dir, integrity: await scriptIntegrity(path.join(dir, 'remoteEntry.js')) };
}

/** Subresource Integrity of a script (`sha384-<base64>`), as the browser checks it. */
export async function scriptIntegrity(file: string): Promise<string> {
  return `sha384-${createHash('sha384')
    .update(await readFile(file))
    .digest('base64')}`;
}

/** Copies the build into remotes/<name>/<version>/ unless that folder already exists. */
async function storeImmutable(dataDir: string, name: RemoteName, version: string, from: string): Promise<boolean> {
  const target = versionDir(dataDir, name, version);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return true;
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

export async function publish(nameArg: string, opts: DeployOptions & { canary?: number }): Promise<PublishResult> {
  const name = assertRemoteName(nameArg);
  if (opts.canary !== undefined && !(Number.isInteger(opts.canary) && opts.canary >= 1 && opts.canary <= 99)) {
    throw new Error('--canary takes a whole percent from 1 to 99');
  }
  const now = opts.now ?? (() => new Date());
  const build = await inspectBuild(opts.rootDir, name);
  const mismatches = findSkew(build.manifest.shared, await shellSharedVersions(opts.rootDir));
  if (mismatches.length) throw new SkewError(name, mismatches);
  const wanted: KnownVersion = {
    version: build.version,
    entry: entryUrl(name, build.version, opts.baseUrl),
    shared: build.manifest.shared,
    integrity: build.integrity,
  };
  const known = (await knownVersions(opts.registry.db, name)).some((v) => v.version === build.version);
  const reused = opts.baseUrl ? known : await storeImmutable(opts.dataDir, name, build.version, build.dir);

  return withRegistryLock(opts.registry, async (trx) => {
    const at = now().getTime();
    const stored = await registerVersion(trx, name, wanted, at);
    const state = await readState(trx, name);
    if (opts.canary !== undefined) {
      await startCanary(trx, name, state, build.version, opts.canary, at);
      return {
        name,
        version: build.version,
        entry: stored.entry,
        reused,
        switched: state.canary?.version !== build.version,
        previous: state.current,
        canary: opts.canary,
      };
    }
    const previous = state.current;
    const switched = previous !== build.version;
    if (switched || state.pinned || state.canary) await setCurrent(trx, name, { action: 'publish', version: build.version, previous, at });
    return { name, version: build.version, entry: stored.entry, reused, switched, previous };
  });
}

/** A version whose files this API serves must still be in DATA_DIR (or the shared folder). */
async function filesPresent(dataDir: string, name: RemoteName, v: KnownVersion): Promise<boolean> {
  if (!v.entry.startsWith('/')) return true;
  return stat(path.join(versionDir(dataDir, name, v.version), 'mf-manifest.json')).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Points a remote back at an earlier version (the one published before the current, or
 * `version`) and pins it, so start-up publishing leaves it alone until the next publish.
 */
export async function rollback(nameArg: string, opts: DeployOptions & { version?: string }): Promise<RollbackResult> {
  const name = assertRemoteName(nameArg);
  const now = opts.now ?? (() => new Date());
  const provided = await shellSharedVersions(opts.rootDir);
  return withRegistryLock(opts.registry, async (trx) => {
    const state = await readState(trx, name);
    if (!state.current) throw new Error(`${name} has never been published`);
    if (state.canary && opts.version === undefined) {
      // Rolling back during a canary withdraws the canary; the stable build stays as it is.
      await endCanary(trx, name, state.canary.version, now().getTime());
      return { name, version: state.current, previous: state.canary.version, endedCanary: true };
    }
    const versions: KnownVersion[] = [];
    for (const v of await knownVersions(trx, name)) if (await filesPresent(opts.dataDir, name, v)) versions.push(v);
    const names = versions.map((v) => v.version);
    let target = opts.version;
    if (target === undefined) {
      const idx = names.indexOf(state.current);
      target = idx > 0 ? names[idx - 1] : undefined;
      if (!target) throw new Error(`${name} has no version older than ${state.current} on disk`);
    } else if (!names.includes(target)) {
      throw new Error(`${name} has no version ${target} on disk; available: ${names.join(', ') || 'none'}`);
    }
    if (target === state.current) throw new Error(`${name} is already at ${target}`);
    // The shell may have moved on since this version was live; rolling into skew is refused too.
    const mismatches = findSkew(versions.find((v) => v.version === target)!.shared, provided);
    if (mismatches.length) throw new SkewError(name, mismatches);
    const previous = state.current;
    await setCurrent(trx, name, { action: 'rollback', version: target, previous, at: now().getTime() });
    return { name, version: target, previous };
  });
}

export async function list(opts: Pick<DeployOptions, 'registry'>): Promise<RemoteListing[]> {
  const out: RemoteListing[] = [];
  for (const name of REMOTE_NAMES) {
    const s = await readState(opts.registry.db, name);
    const versions = (await knownVersions(opts.registry.db, name)).map((v) => v.version);
    const canary = s.canary
      ? { version: s.canary.version, share: s.canary.share, startedAt: new Date(s.canary.startedAt).toISOString() }
      : null;
    out.push({ name, current: s.current, pinned: s.pinned, versions, canary, health: await readHealth(opts.registry.db, name) });
  }
  return out;
}

export type StartupOutcome =
  | { name: RemoteName; status: 'published'; version: string }
  | { name: RemoteName; status: 'up-to-date' | 'pinned' | 'canary' | 'no-build'; version?: string }
  | { name: RemoteName; status: 'failed'; error: string };

/**
 * Start-up pass: publish each remote whose dist is newer than what is live, except remotes
 * pinned by a rollback (a restart must not undo an operator's rollback).
 */
export async function publishBuilt(opts: DeployOptions): Promise<StartupOutcome[]> {
  await importLegacyState(opts);
  const out: StartupOutcome[] = [];
  for (const name of REMOTE_NAMES) {
    try {
      const hasBuild = await stat(path.join(distDir(opts.rootDir, name), 'mf-manifest.json')).then(
        () => true,
        () => false,
      );
      if (!hasBuild) {
        out.push({ name, status: 'no-build' });
        continue;
      }
      const state = await readState(opts.registry.db, name);
      if (state.pinned && state.current) {
        out.push({ name, status: 'pinned', version: state.current });
        continue;
      }
      // Nor an operator's canary: it ends by promote, rollback or its own reports.
      if (state.canary && state.current) {
        out.push({ name, status: 'canary', version: state.current });
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
  return out;
}

/** Makes the canary of a remote its stable build for everyone (a publish in the history). */
export async function promote(nameArg: string, opts: DeployOptions): Promise<{ name: RemoteName; version: string; previous: string }> {
  const name = assertRemoteName(nameArg);
  const now = opts.now ?? (() => new Date());
  return withRegistryLock(opts.registry, async (trx) => {
    const done = await promoteCanary(trx, name, null, now().getTime());
    if (!done) throw new Error(`${name} has no canary to promote`);
    return { name, ...done };
  });
}
