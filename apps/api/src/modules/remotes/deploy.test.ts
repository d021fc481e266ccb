import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { remotesManifest } from '@portal/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { list, publish, publishBuilt, rollback } from './deploy';
import { makeSandbox, writeBuild, writeShell, type Sandbox } from './fixtures.test-util';
import { readState } from './manifest-store';
import { sharedVersions } from '@portal/ui/federation';
import { SkewError } from './skew';

let sb: Sandbox;
let opts: { rootDir: string; dataDir: string; now: () => Date };

beforeEach(async () => {
  sb = await makeSandbox();
  opts = { rootDir: sb.rootDir, dataDir: sb.dataDir, now: () => new Date('2026-11-21T09:00:00Z') };
  await writeShell(sb);
});
afterEach(() => sb.cleanup());

async function remotesJson() {
  return remotesManifest.parse(JSON.parse(await readFile(path.join(sb.dataDir, 'remotes.json'), 'utf8')));
}

describe('publish', () => {
  it('copies the build into an immutable versioned folder and points remotes.json at it', async () => {
    await writeBuild(sb, 'chat', { body: 'first' });
    const r = await publish('chat', opts);

    expect(r.version).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(r).toMatchObject({ reused: false, switched: true, previous: null });
    const folder = path.join(sb.dataDir, 'remotes', 'chat', r.version);
    // The build's files, plus .br/.gz siblings of those of 1 KB or more (precompress.ts).
    expect((await readdir(folder)).sort()).toEqual(['mf-manifest.json', 'mf-manifest.json.br', 'mf-manifest.json.gz', 'remoteEntry.js', 'static']);
    expect(await readFile(path.join(folder, 'remoteEntry.js'), 'utf8')).toContain('first');
    expect(await remotesJson()).toEqual({
      remotes: { chat: { version: r.version, entry: `/remotes/chat/${r.version}/mf-manifest.json`, enabled: true } },
      updated_at: '2026-11-21T09:00:00.000Z',
    });
    // No temp files left beside remotes.json after the atomic rename.
    expect((await readdir(sb.dataDir)).sort()).toEqual(['remotes', 'remotes.json']);
  });

  it('reuses the version for an identical build and never rewrites the folder', async () => {
    await writeBuild(sb, 'chat', { body: 'same' });
    const first = await publish('chat', opts);
    const entry = path.join(sb.dataDir, 'remotes', 'chat', first.version, 'remoteEntry.js');
    const before = await stat(entry);

    await writeBuild(sb, 'chat', { body: 'same' });
    const second = await publish('chat', opts);

    expect(second).toMatchObject({ version: first.version, reused: true, switched: false });
    expect((await stat(entry)).mtimeMs).toBe(before.mtimeMs);
    expect((await readState(sb.dataDir, 'chat')).history).toHaveLength(1);
  });

  it('gives a changed build a new version and keeps the old folder', async () => {
    await writeBuild(sb, 'chat', { body: 'one' });
    const a = await publish('chat', opts);
    await writeBuild(sb, 'chat', { body: 'two' });
    const b = await publish('chat', opts);

    expect(b.version).not.toBe(a.version);
    expect(b).toMatchObject({ switched: true, previous: a.version });
    expect((await list(opts)).find((x) => x.name === 'chat')).toEqual({
      name: 'chat', current: b.version, pinned: false, versions: [a.version, b.version],
    });
    expect((await remotesJson()).remotes.chat?.version).toBe(b.version);
  });

  it('keeps the other remotes in remotes.json', async () => {
    await writeBuild(sb, 'chat');
    await writeBuild(sb, 'settings');
    const chat = await publish('chat', opts);
    const settings = await publish('settings', opts);
    const m = await remotesJson();
    expect(m.remotes.chat?.version).toBe(chat.version);
    expect(m.remotes.settings?.version).toBe(settings.version);
  });

  it('refuses a build with shared-singleton skew and changes nothing', async () => {
    await writeBuild(sb, 'chat', { body: 'good' });
    const good = await publish('chat', opts);
    const before = await readFile(path.join(sb.dataDir, 'remotes.json'), 'utf8');

    await writeBuild(sb, 'chat', { body: 'old-react', shared: { react: '^18.3.1', 'react-dom': '^18.3.1' } });
    const err = await publish('chat', opts).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(SkewError);
    expect((err as SkewError).mismatches.map((m) => m.name).sort()).toEqual(['react', 'react-dom']);
    expect((err as Error).message).toContain('react: remote needs ^18.3.1, shell provides 19.');
    expect(await readFile(path.join(sb.dataDir, 'remotes.json'), 'utf8')).toBe(before);
    expect(await readdir(path.join(sb.dataDir, 'remotes', 'chat'))).toEqual(
      expect.arrayContaining([good.version, 'state.json']),
    );
    expect((await readdir(path.join(sb.dataDir, 'remotes', 'chat'))).length).toBe(2);
  });

  it('refuses a build needing a singleton the shell build does not provide', async () => {
    // Production remotes bundle no fallback copy (`import: false`): the shell's copy is the only one.
    await writeBuild(sb, 'chat', { shared: { react: sharedVersions.react!, dayjs: sharedVersions.dayjs! } });
    const err = await publish('chat', opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SkewError);
    expect((err as SkewError).mismatches).toEqual([{ name: 'dayjs', required: `^${sharedVersions.dayjs}`, provided: null }]);
  });

  it('refuses an unknown remote and a build of another container', async () => {
    await expect(publish('../etc', opts)).rejects.toThrow(/unknown remote/);
    await writeBuild(sb, 'chat');
    const wrong = path.join(sb.rootDir, 'apps', 'chat', 'dist', 'mf-manifest.json');
    const m = JSON.parse(await readFile(wrong, 'utf8'));
    await writeFile(wrong, JSON.stringify({ ...m, name: 'portal_calendar' }));
    await expect(publish('chat', opts)).rejects.toThrow(/expected "portal_chat"/);
  });

  it('repairs a corrupted remotes.json from the state files', async () => {
    await writeBuild(sb, 'chat');
    const r = await publish('chat', opts);
    await writeFile(path.join(sb.dataDir, 'remotes.json'), '{ not json');
    await publish('chat', opts);
    expect((await remotesJson()).remotes.chat?.version).toBe(r.version);
  });
});

describe('rollback', () => {
  async function publishTwo() {
    await writeBuild(sb, 'chat', { body: 'one' });
    const a = await publish('chat', opts);
    await writeBuild(sb, 'chat', { body: 'two' });
    const b = await publish('chat', opts);
    return { a, b };
  }

  it('switches back to the previous version and pins it', async () => {
    const { a, b } = await publishTwo();
    const r = await rollback('chat', opts);

    expect(r).toEqual({ name: 'chat', version: a.version, previous: b.version });
    expect((await remotesJson()).remotes.chat?.entry).toBe(`/remotes/chat/${a.version}/mf-manifest.json`);
    const state = await readState(sb.dataDir, 'chat');
    expect(state).toMatchObject({ current: a.version, pinned: true });
    expect(state.history.at(-1)).toMatchObject({ action: 'rollback', version: a.version, previous: b.version });
  });

  it('goes to a given version, and refuses one that is not on disk', async () => {
    const { a } = await publishTwo();
    await expect(rollback('chat', { ...opts, version: '0.1.0-deadbeef' })).rejects.toThrow(/no version 0\.1\.0-deadbeef/);
    await expect(rollback('chat', { ...opts, version: a.version })).resolves.toMatchObject({ version: a.version });
  });

  it('refuses when there is nothing older', async () => {
    await writeBuild(sb, 'chat');
    await publish('chat', opts);
    await expect(rollback('chat', opts)).rejects.toThrow(/no version older/);
    await expect(rollback('calendar', opts)).rejects.toThrow(/never been published/);
  });

  it('is undone by the next publish, which clears the pin', async () => {
    const { b } = await publishTwo();
    await rollback('chat', opts);
    const again = await publish('chat', opts);

    expect(again).toMatchObject({ version: b.version, switched: true, reused: true });
    expect(await readState(sb.dataDir, 'chat')).toMatchObject({ current: b.version, pinned: false });
    expect((await remotesJson()).remotes.chat?.version).toBe(b.version);
  });

  it('survives the start-up publishing pass', async () => {
    const { a } = await publishTwo();
    await rollback('chat', opts);
    const outcomes = await publishBuilt(opts);

    expect(outcomes.find((o) => o.name === 'chat')).toEqual({ name: 'chat', status: 'pinned', version: a.version });
    expect((await remotesJson()).remotes.chat?.version).toBe(a.version);
  });
});

describe('publishBuilt (start-up)', () => {
  it('publishes new builds, skips current ones and remotes without a build', async () => {
    await writeBuild(sb, 'chat');
    await writeBuild(sb, 'settings', { body: 's1' });
    const settings = await publish('settings', opts);

    const outcomes = await publishBuilt(opts);
    const byName = Object.fromEntries(outcomes.map((o) => [o.name, o.status]));

    expect(byName).toEqual({
      groups: 'no-build', 'common-topic': 'no-build', chat: 'published', calendar: 'no-build',
      notifications: 'no-build', settings: 'up-to-date',
    });
    expect((await remotesJson()).remotes.settings?.version).toBe(settings.version);
    expect((await remotesJson()).remotes.chat).toBeDefined();
  });

  it('reports a skewed build as failed without touching what is live', async () => {
    await writeBuild(sb, 'chat', { shared: { react: '^18.2.0' } });
    const outcomes = await publishBuilt(opts);
    expect(outcomes.find((o) => o.name === 'chat')).toMatchObject({ status: 'failed' });
    expect((await remotesJson()).remotes).toEqual({});
  });
});
