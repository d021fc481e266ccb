// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The bundler runtime the shell shares with production remotes (runtime/): the shell
 * publishes the functions, each remote container builds its own `federation` object around them.
 * The package itself is replaced by stand-ins here; the e2e suite runs the real thing.
 */
const KEY = '__PORTAL_MF_BUNDLER_RUNTIME__';
const fns = {
  remotes: () => 'remotes',
  consumes: () => 'consumes',
  I: () => 'I',
  S: {},
  installInitialConsumes: () => 'installInitialConsumes',
  initContainerEntry: undefined,
  init: () => 'init',
  getSharedFallbackGetter: () => 'getSharedFallbackGetter',
};
const attachShareScopeMap = () => 'attach';
const initContainerEntry = () => 'initContainerEntry';
let installedVersion = '2.9.2';

vi.mock('@portal/federation-impl/mf-bundler-runtime', () => ({ default: { bundlerRuntime: fns, attachShareScopeMap } }));
vi.mock('@portal/federation-impl/mf-bundler-runtime/initContainerEntry', () => ({ initContainerEntry }));
vi.mock('@portal/federation-impl/mf-bundler-runtime/package.json', () => ({
  get version() {
    return installedVersion;
  },
}));
vi.mock('@module-federation/runtime', () => ({ init: () => 'runtime.init' }));

const g = globalThis as Record<string, unknown>;
beforeEach(() => {
  vi.resetModules();
  delete g[KEY];
  installedVersion = '2.9.2';
});
afterEach(() => {
  delete g[KEY];
});

const provide = async () => (await import('../runtime/provide-bundler-runtime.mjs')).default();
const consume = async () => (await import('../runtime/consume-bundler-runtime.mjs')).default;

describe('shared bundler runtime', () => {
  it('the shell publishes the functions, with the container init its own build leaves out', async () => {
    expect((await provide()).name).toBe('portal-provide-bundler-runtime');
    const provided = g[KEY] as { version: string; functions: Record<string, unknown> };
    expect(provided.version).toBe('2.9.2');
    expect(provided.functions.initContainerEntry).toBe(initContainerEntry);
    expect(provided.functions.consumes).toBe(fns.consumes);
    // State is never shared: each container brings its own share scope map.
    expect(provided.functions.S).toBeUndefined();
    expect(Object.isFrozen(provided.functions)).toBe(true);
  });

  it('each remote container gets its own state around the shell functions', async () => {
    await provide();
    const a = await consume();
    vi.resetModules();
    const b = await consume();
    expect(a.bundlerRuntime.consumes).toBe(fns.consumes);
    expect(a.bundlerRuntime.initContainerEntry).toBe(initContainerEntry);
    expect(a.bundlerRuntime.remotes).toBeUndefined();
    expect(a.attachShareScopeMap).toBe(attachShareScopeMap);
    expect(a.bundlerRuntime.S).not.toBe(b.bundlerRuntime.S);
    expect(a.bundlerRuntimeOptions).not.toBe(b.bundlerRuntimeOptions);
    expect(a.instance).toBeUndefined();
    expect(a.runtime.init?.()).toBe('runtime.init');
  });

  it('a remote outside the shell, or built with another MF version, refuses to start', async () => {
    await expect(consume()).rejects.toThrow(/inside the portal shell only/);
    await provide();
    vi.resetModules();
    installedVersion = '2.10.0';
    await expect(consume()).rejects.toThrow(/built with @module-federation\/webpack-bundler-runtime 2\.10\.0, the shell provides 2\.9\.2/);
  });
});
