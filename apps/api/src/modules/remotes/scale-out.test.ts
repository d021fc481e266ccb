import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '../../db';
import { sharedPgDatabase, startApi, stopApi, TEST_REDIS_URL, waitHealthy, within, type ApiProc } from '../../test/processes.test-util';
import { publish, rollback, type DeployOptions } from './deploy';
import { makeSandbox, writeBuild, writeShell, type Sandbox } from './fixtures.test-util';

/**
 * The registry across nodes: two API processes on one PostgreSQL + Redis, sharing DATA_DIR/remotes
 * as a shared folder would. A publish and a rollback made elsewhere (the CLI's code path) are
 * served by both within a second, including the build files and the CSP of their pages.
 */
const BASE_PORT = 18740 + 2 * randomInt(0, 10);

describe('remote registry across two API processes (PostgreSQL + Redis)', () => {
  let sb: Sandbox;
  let pgDb: { url: string; drop(): Promise<void> };
  let registry: DbHandle;
  let nodes: ApiProc[] = [];
  let opts: DeployOptions;

  beforeAll(async () => {
    sb = await makeSandbox();
    await writeShell(sb);
    pgDb = await sharedPgDatabase('portal_remotes');
    registry = createDb({ dataDir: sb.dataDir, databaseUrl: pgDb.url });
    await migrateToLatest(registry.db);
    opts = { rootDir: sb.rootDir, dataDir: sb.dataDir, registry };
    const env = { DATA_DIR: sb.dataDir, DATABASE_URL: pgDb.url, REDIS_URL: TEST_REDIS_URL };
    nodes = [startApi(BASE_PORT, env), startApi(BASE_PORT + 1, env)];
    await Promise.all(nodes.map((n) => waitHealthy(n)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopApi));
    await registry?.destroy();
    await pgDb?.drop();
    await sb?.cleanup();
  }, 30_000);

  const liveOn = async (n: ApiProc, name: string): Promise<{ version: string; entry: string } | undefined> =>
    ((await (await fetch(`${n.http}/remotes.json`)).json()) as { remotes: Record<string, { version: string; entry: string }> }).remotes[name];

  it('both nodes switch within a second after publish, a second publish and a rollback', async () => {
    await writeBuild(sb, 'chat', { body: 'one' });
    const a = await publish('chat', opts);
    for (const n of nodes) expect(await within(1000, async () => (await liveOn(n, 'chat'))?.version === a.version)).toBeLessThan(1000);

    await writeBuild(sb, 'chat', { body: 'two' });
    const b = await publish('chat', opts);
    for (const n of nodes) await within(1000, async () => (await liveOn(n, 'chat'))?.version === b.version);
    // Each node serves the build's files from the shared folder.
    for (const n of nodes) {
      const file = await fetch(`${n.http}/remotes/chat/${b.version}/remoteEntry.js`);
      expect(file.status).toBe(200);
      expect(await file.text()).toContain('two');
    }

    const r = await rollback('chat', opts);
    expect(r.version).toBe(a.version);
    const started = Date.now();
    await Promise.all(nodes.map((n) => within(1000, async () => (await liveOn(n, 'chat'))?.version === a.version)));
    expect(Date.now() - started).toBeLessThan(1500);
  }, 60_000);

  it('a CDN entry published elsewhere reaches both nodes', async () => {
    await writeBuild(sb, 'settings', { body: 'cdn' });
    const r = await publish('settings', { ...opts, baseUrl: 'https://cdn.example.com/portal' });
    expect(r.entry).toMatch(/^https:\/\/cdn\.example\.com\/portal\/settings\//);
    for (const n of nodes) await within(1000, async () => (await liveOn(n, 'settings'))?.entry === r.entry);
  }, 30_000);
});
