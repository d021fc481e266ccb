import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness';
import { list, promote, publish, publishBuilt, rollback, type DeployOptions } from './deploy';
import { makeSandbox, writeBuild, writeShell, type Sandbox } from './fixtures.test-util';
import { readManifest, readState } from './registry';
import { inCanary } from './canary';
import { readHealth, recordHealth } from './canary-store';

describe.each(DIALECTS)('canary publish on %s', (dialect) => {
  let sb: Sandbox;
  let opts: DeployOptions;

  beforeEach(async () => {
    sb = await makeSandbox(dialect);
    opts = { rootDir: sb.rootDir, dataDir: sb.dataDir, registry: sb.registry };
    await writeShell(sb);
  });
  afterEach(() => sb.cleanup());

  async function stableThenCanary(share = 50, extra: Partial<DeployOptions> = {}) {
    await writeBuild(sb, 'chat', { body: 'stable' });
    const stable = await publish('chat', { ...opts, ...extra });
    await writeBuild(sb, 'chat', { body: 'canary' });
    const canary = await publish('chat', { ...opts, ...extra, canary: share });
    return { stable, canary };
  }

  it('offers the canary to its share of signed-in users, sticky, and the stable build to anonymous readers', async () => {
    const { stable, canary } = await stableThenCanary(50);
    expect(canary).toMatchObject({ canary: 50, previous: stable.version, switched: true });
    expect((await readManifest(sb.registry.db)).remotes.chat?.version).toBe(stable.version);
    const users = Array.from({ length: 20 }, (_, i) => 100 + i);
    const got = await Promise.all(users.map(async (id) => (await readManifest(sb.registry.db, id)).remotes.chat?.version));
    const onCanary = got.filter((v) => v === canary.version).length;
    expect(onCanary).toBeGreaterThanOrEqual(5);
    expect(onCanary).toBeLessThanOrEqual(15);
    expect(got.every((v) => v === canary.version || v === stable.version)).toBe(true);
    for (const [i, id] of users.entries()) {
      expect((await readManifest(sb.registry.db, id)).remotes.chat?.version).toBe(got[i]);
      expect(got[i] === canary.version).toBe(inCanary(id, canary.version, 50));
    }
  });

  it('carries the SHA-384 of each build’s entry script', async () => {
    const { canary } = await stableThenCanary(100 - 1);
    const bytes = await readFile(path.join(sb.dataDir, 'remotes', 'chat', canary.version, 'remoteEntry.js'));
    const want = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    const someCanaryUser = Array.from({ length: 200 }, (_, i) => i).find((id) => inCanary(id, canary.version, 99))!;
    expect((await readManifest(sb.registry.db, someCanaryUser)).remotes.chat).toMatchObject({ version: canary.version, integrity: want });
  });

  it('works with --base-url', async () => {
    const { canary } = await stableThenCanary(30, { baseUrl: 'https://cdn.example.com/p' });
    expect(canary.entry).toBe(`https://cdn.example.com/p/chat/${canary.version}/mf-manifest.json`);
  });

  it('refuses a canary without a stable build, of the stable build itself, or with a bad share', async () => {
    await writeBuild(sb, 'chat', { body: 'one' });
    await expect(publish('chat', { ...opts, canary: 10 })).rejects.toThrow(/no stable build/);
    await publish('chat', opts);
    await expect(publish('chat', { ...opts, canary: 10 })).rejects.toThrow(/already live/);
    await expect(publish('chat', { ...opts, canary: 0 })).rejects.toThrow(/1 to 99/);
    await expect(publish('chat', { ...opts, canary: 100 })).rejects.toThrow(/1 to 99/);
  });

  it('promote makes the canary stable for everyone and records a publish', async () => {
    const { stable, canary } = await stableThenCanary();
    expect(await promote('chat', opts)).toEqual({ name: 'chat', version: canary.version, previous: stable.version });
    const s = await readState(sb.registry.db, 'chat');
    expect(s).toMatchObject({ current: canary.version, canary: null });
    expect(s.history.at(-1)).toMatchObject({ action: 'publish', version: canary.version, previous: stable.version });
    for (const id of [1, 2, 3, 4, 5]) expect((await readManifest(sb.registry.db, id)).remotes.chat?.version).toBe(canary.version);
    await expect(promote('chat', opts)).rejects.toThrow(/no canary/);
  });

  it('rollback during a canary withdraws it and leaves the stable build alone', async () => {
    const { stable, canary } = await stableThenCanary(99);
    expect(await rollback('chat', opts)).toEqual({ name: 'chat', version: stable.version, previous: canary.version, endedCanary: true });
    expect(await readState(sb.registry.db, 'chat')).toMatchObject({ current: stable.version, canary: null, pinned: false });
    for (const id of [1, 2, 3]) expect((await readManifest(sb.registry.db, id)).remotes.chat?.version).toBe(stable.version);
  });

  it('list shows both builds, the share and their health since the canary began', async () => {
    await writeBuild(sb, 'chat', { body: 'stable' });
    const stable = await publish('chat', opts);
    await recordHealth(sb.registry.db, 'chat', stable.version, { loads: 7, errors: 1 }, 1);
    await writeBuild(sb, 'chat', { body: 'canary' });
    const canary = await publish('chat', { ...opts, canary: 25 });
    // Counting starts again with the canary, for both builds.
    expect(await readHealth(sb.registry.db, 'chat')).toEqual({});
    await recordHealth(sb.registry.db, 'chat', canary.version, { loads: 3, errors: 1 }, 2);
    await recordHealth(sb.registry.db, 'chat', canary.version, { loads: 2, errors: 0 }, 3);
    const chat = (await list(opts)).find((r) => r.name === 'chat')!;
    expect(chat).toMatchObject({
      current: stable.version,
      canary: { version: canary.version, share: 25 },
      health: { [canary.version]: { loads: 5, errors: 1 } },
    });
  });

  it('a restart does not end a canary, and a plain publish does', async () => {
    const { stable } = await stableThenCanary();
    await writeBuild(sb, 'chat', { body: 'third' });
    expect((await publishBuilt(opts)).find((o) => o.name === 'chat')).toEqual({ name: 'chat', status: 'canary', version: stable.version });
    const third = await publish('chat', opts);
    expect(await readState(sb.registry.db, 'chat')).toMatchObject({ current: third.version, canary: null });
  });
});
