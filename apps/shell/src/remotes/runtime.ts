import { LIMITS, REMOTE_NAMES, type RemoteName } from '@portal/api-client/core';
import { loadManifest, type ManifestDeps, type ManifestSource } from './manifest';
import { retryPlugin } from './retryPlugin';

/**
 * The shell's view of the Module Federation runtime: which remotes the current remotes.json
 * enables, and a loader that waits for that list before asking the runtime for a module.
 */
export interface FederationHost {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  registerPlugins(plugins: ReturnType<typeof retryPlugin>[]): void;
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
}

function withTimeout<T>(p: Promise<T>, ms: number, id: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(id)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export function createRemoteRuntime(deps: RuntimeDeps): RemoteRuntime {
  const { host } = deps;
  host.registerPlugins([retryPlugin({ fetch: deps.fetch })]);

  const ready = loadManifest(deps).then((result): RemotesState => {
    const enabled = new Set<RemoteName>();
    const toRegister: { name: string; entry: string }[] = [];
    for (const name of REMOTE_NAMES) {
      const entry = result.manifest?.remotes[name];
      if (!entry?.enabled) continue;
      enabled.add(name);
      toRegister.push({ name: containerName(name), entry: entry.entry });
    }
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
      const mod = await withTimeout(host.loadRemote<T>(id), deps.timeoutMs ?? LIMITS.chunkLoadTimeoutMs, id);
      if (mod == null) throw new Error(`remote module ${id} could not be loaded`);
      return mod;
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
