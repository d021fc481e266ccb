import { describe, expect, it, vi } from 'vitest';
import { createRemoteRuntime, RemoteUnavailableError, type FederationHost } from './runtime';
import { LAST_GOOD_KEY } from './manifest';
import { createHealthReporter } from './healthReport';

const good = {
  remotes: {
    chat: { version: '0.1.0-abc', entry: '/remotes/chat/0.1.0-abc/mf-manifest.json', enabled: true },
    groups: { version: '0.2.0-def', entry: '/remotes/groups/0.2.0-def/mf-manifest.json', enabled: true },
    calendar: { version: '0.1.0-xyz', entry: '/remotes/calendar/0.1.0-xyz/mf-manifest.json', enabled: false },
  },
  updated_at: '2026-11-21T00:00:00Z',
};

function fakeHost(modules: Record<string, unknown> = {}) {
  const registered: { name: string; entry: string }[] = [];
  const host: FederationHost = {
    registerRemotes: vi.fn((r) => void registered.push(...r)),
    registerPlugins: vi.fn(),
    loadRemote: vi.fn(async (id: string) => (modules[id] ?? null) as never),
  };
  return { host, registered };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

const respond = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('remote loader', () => {
  it('registers the enabled remotes of a valid manifest under their container names and remembers it', async () => {
    const { host, registered } = fakeHost();
    const storage = memoryStorage();
    const fetch = respond(JSON.stringify(good));
    const rt = createRemoteRuntime({ host, fetch, storage });
    const state = await rt.ready;
    expect(fetch).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(state.source).toBe('network');
    expect(registered).toEqual([
      { name: 'portal_groups', entry: '/remotes/groups/0.2.0-def/mf-manifest.json' },
      { name: 'portal_chat', entry: '/remotes/chat/0.1.0-abc/mf-manifest.json' },
    ]);
    expect(JSON.parse(storage.data.get(LAST_GOOD_KEY)!)).toEqual(good);
    expect(host.registerPlugins).toHaveBeenCalledTimes(1);
  });

  it('skips disabled remotes: loading one fails with RemoteUnavailableError, no fetch of its code', async () => {
    const { host } = fakeHost();
    const rt = createRemoteRuntime({ host, fetch: respond(JSON.stringify(good)), storage: memoryStorage() });
    await expect(rt.load('calendar', 'WeekTable')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(host.loadRemote).not.toHaveBeenCalled();
  });

  it.each([
    ['invalid JSON', respond('{"remotes": {')],
    ['a document that fails the schema', respond(JSON.stringify({ remotes: { chat: { entry: 5 } } }))],
    ['an HTTP error', respond('oops', 500)],
    ['a network failure', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('falls back to the last known good manifest on %s', async (_label, fetch) => {
    const { host, registered } = fakeHost({ 'portal_chat/routes': { default: () => null } });
    const storage = memoryStorage({ [LAST_GOOD_KEY]: JSON.stringify(good) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rt = createRemoteRuntime({ host, fetch: fetch as typeof globalThis.fetch, storage });
    const state = await rt.ready;
    expect(state.source).toBe('last-known-good');
    expect(registered.map((r) => r.name)).toEqual(['portal_groups', 'portal_chat']);
    await expect(rt.load('chat', 'routes')).resolves.toHaveProperty('default');
    // The bad copy must not overwrite the good one.
    expect(JSON.parse(storage.data.get(LAST_GOOD_KEY)!)).toEqual(good);
    expect(warn).toHaveBeenCalled();
  });

  it('with no manifest at all registers nothing and every area reports unavailable', async () => {
    const { host } = fakeHost();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rt = createRemoteRuntime({ host, fetch: respond('<html>', 200), storage: memoryStorage() });
    expect((await rt.ready).source).toBe('none');
    expect(host.registerRemotes).not.toHaveBeenCalled();
    await expect(rt.load('chat', 'routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });

  it('ignores a stored last-known-good copy that is itself corrupt', async () => {
    const { host } = fakeHost();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage({ [LAST_GOOD_KEY]: '{broken' });
    const rt = createRemoteRuntime({ host, fetch: respond('nope', 503), storage });
    expect((await rt.ready).source).toBe('none');
  });

  it('gives up on a module that never arrives after the load timeout', async () => {
    const host: FederationHost = {
      registerRemotes: vi.fn(),
      registerPlugins: vi.fn(),
      loadRemote: () => new Promise(() => {}),
    };
    const rt = createRemoteRuntime({ host, fetch: respond(JSON.stringify(good)), storage: memoryStorage(), timeoutMs: 20 });
    await expect(rt.load('chat', 'routes')).rejects.toThrow(/took longer/);
  });

  it('counts each load and load failure against the build remotes.json named', async () => {
    const { host } = fakeHost({ 'portal_chat/routes': { default: () => null } });
    const health = createHealthReporter({ fetch: vi.fn(), token: () => null });
    const spy = { loaded: vi.spyOn(health, 'loaded'), failed: vi.spyOn(health, 'loadFailed'), versions: vi.spyOn(health, 'setVersions') };
    const rt = createRemoteRuntime({ host, fetch: respond(JSON.stringify(good)), storage: memoryStorage(), health });
    await rt.load('chat', 'routes');
    await expect(rt.load('groups', 'routes')).rejects.toThrow(/could not be loaded/);
    // A disabled remote has no build on this page: nothing to count.
    await expect(rt.load('calendar', 'routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(spy.versions).toHaveBeenCalledWith({ chat: '0.1.0-abc', groups: '0.2.0-def' });
    expect(spy.loaded.mock.calls).toEqual([['chat']]);
    expect(spy.failed.mock.calls.map((c) => c[0])).toEqual(['groups']);
  });
});
