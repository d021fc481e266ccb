import { LIMITS, REMOTE_NAMES, type RemoteName } from '@portal/api-client/core';
import { loadManifest, type ManifestDeps, type ManifestSource } from './manifest';
import { retryPlugin } from './retryPlugin';
import { integrityPlugin } from './integrityPlugin';
import { stylePriorityPlugin } from './stylePriorityPlugin';
import type { HealthReporter } from './healthReport';

/**
 * The shell's view of the Module Federation runtime: which remotes the current remotes.json
 * enables, and a loader that waits for that list before asking the runtime for a module.
 */
export interface FederationHost {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  registerPlugins(plugins: ReturnType<typeof retryPlugin | typeof integrityPlugin | typeof stylePriorityPlugin>[]): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemotesState {
  enabled: ReadonlySet<RemoteName>;
  source: ManifestSource;
  problem?: string;
}

export interface RemoteRuntime {
  ready: Promise<RemotesState>;
  load<T>(remote: RemoteName, module: string): Promise<T>;
  /** An error a remote's area caught while rendering (counted against that remote's build). */
  renderFailed(remote: RemoteName, error: unknown): void;
}

/** Thrown when a remote is disabled or missing from remotes.json; the area shows its fallback. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`remote ${remote} is not enabled`);
    this.name = 'RemoteUnavailableError';
  }
}

export class RemoteTimeoutError extends Error {
  constructor(readonly id: string) {
    super(`loading ${id} took longer than ${LIMITS.chunkLoadTimeoutMs} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/** `common-topic` → `portal_common_topic` (the container names of the contract). */
export function containerName(remote: RemoteName): string {
  return `portal_${remote.replace(/-/g, '_')}`;
}

export interface RuntimeDeps extends ManifestDeps {
  host: FederationHost;
  timeoutMs?: number;
  /** Counts loads and errors per remote build for the API's canary verdicts (healthReport.ts). */
  health?: HealthReporter;
}

function withTimeout<T>(p: Promise<T>, ms: number, id: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(id)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function createRemoteRuntime(deps: RuntimeDeps): RemoteRuntime {
  const { host, health } = deps;
  const integrity = new Map<string, string>();
  host.registerPlugins([
    retryPlugin({ fetch: deps.fetch }),
    integrityPlugin((container) => integrity.get(container)),
    stylePriorityPlugin(),
  ]);

  const ready = loadManifest(deps).then((result): RemotesState => {
    const enabled = new Set<RemoteName>();
    const toRegister: { name: string; entry: string }[] = [];
    const versions: Partial<Record<RemoteName, string>> = {};
    for (const name of REMOTE_NAMES) {
      const entry = result.manifest?.remotes[name];
      if (!entry?.enabled) continue;
      enabled.add(name);
      versions[name] = entry.version;
      if (entry.integrity) integrity.set(containerName(name), entry.integrity);
      toRegister.push({ name: containerName(name), entry: entry.entry });
    }
    health?.setVersions(versions);
    if (toRegister.length > 0) host.registerRemotes(toRegister);
    if (result.problem) console.warn(`[remotes] ${result.problem}; using ${result.source}`);
    return { enabled, source: result.source, problem: result.problem };
  });

  return {
    ready,
    async load<T>(remote: RemoteName, module: string): Promise<T> {
      const state = await ready;
      if (!state.enabled.has(remote)) throw new RemoteUnavailableError(remote);
      const id = `${containerName(remote)}/${module}`;
      try {
        const mod = await withTimeout(host.loadRemote<T>(id), deps.timeoutMs ?? LIMITS.chunkLoadTimeoutMs, id);
        if (mod == null) throw new Error(`remote module ${id} could not be loaded`);
        health?.loaded(remote);
        return mod;
      } catch (e) {
        health?.loadFailed(remote, e);
        throw e;
      }
    },
    renderFailed(remote, error) {
      health?.renderFailed(remote, error);
    },
  };
}

let current: RemoteRuntime | null = null;

/** Installed once at boot (bootstrap.tsx) and by tests. */
export function setRemoteRuntime(runtime: RemoteRuntime | null): void {
  current = runtime;
}

export function getRemoteRuntime(): RemoteRuntime {
  if (!current) throw new Error('remote runtime not started');
  return current;
}
