import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '../../db';
import {
  API,
  sharedPgDatabase,
  startApi,
  stopApi,
  TEST_REDIS_URL,
  waitHealthy,
  within,
  type ApiProc,
} from '../../test/processes.test-util';
import { hashPassword } from '../auth';
import { inCanary } from './canary';
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
    // A canary is judged after 10 loads here (the default is 20).
    const env = { DATA_DIR: sb.dataDir, DATABASE_URL: pgDb.url, REDIS_URL: TEST_REDIS_URL, CANARY_MIN_LOADS: '10' };
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
    ((await (await fetch(`${n.http}/remotes.json`)).json()) as { remotes: Record<string, { version: string; entry: string }> }).remotes[
      name
    ];

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

  /** An employee of a fresh company, logged in on `node`. */
  async function signedIn(node: ApiProc, n: number): Promise<{ id: number; token: string }> {
    const db = registry.db;
    const now = Date.now();
    const company = await db
      .insertInto('companies')
      .values({ name: `C${n}`, name_kana: '', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        company_id: company.id,
        employee_number: `E${n}`,
        email: `e${n}@test.example`,
        password_hash: await hashPassword('Passw0rd!x'),
        last_name: '試験',
        first_name: '太郎',
        last_name_kana: 'しけん',
        first_name_kana: 'たろう',
        is_company_admin: 0,
        must_reset_password: 0,
        status: 'active',
        locked_at: null,
        last_login_at: null,
        avatar_path: null,
        avatar_small_path: null,
        avatar_file_name: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An employee in no group is refused at login.
    const group = await db
      .insertInto('groups')
      .values({
        company_id: company.id,
        name: `G${n}`,
        group_link: `canary-g${n}-${now}`,
        icon_image_path: null,
        icon_image_small_path: null,
        header_image: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: user.id, joined_at: now }).execute();
    const res = await fetch(`${node.http}${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ employee_number: `E${n}`, password: 'Passw0rd!x' }),
    });
    expect(res.status).toBe(200);
    return { id: user.id, token: ((await res.json()) as { items: { access_token: string } }).items.access_token };
  }

  it('both nodes stop offering a canary within 5 s once its reports on one node condemn it', async () => {
    await writeBuild(sb, 'calendar', { body: 'stable' });
    const stable = await publish('calendar', opts);
    await writeBuild(sb, 'calendar', { body: 'canary' });
    const canary = await publish('calendar', { ...opts, canary: 90 });
    let user = await signedIn(nodes[0]!, 1);
    for (let n = 2; !inCanary(user.id, canary.version, 90); n++) user = await signedIn(nodes[0]!, n);
    const seen = async (n: ApiProc) =>
      (
        (await (await fetch(`${n.http}/remotes.json`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
          remotes: Record<string, { version: string }>;
        }
      ).remotes.calendar?.version;
    for (const n of nodes) await within(1000, async () => (await seen(n)) === canary.version);

    // Every load of the canary failed: the report that reaches the minimum withdraws it.
    const post = (body: object) =>
      fetch(`${nodes[0]!.http}${API}/remotes/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify(body),
      });
    expect((await post({ name: 'calendar', version: stable.version, loads: 10, errors: 0 })).status).toBe(200);
    expect((await post({ name: 'calendar', version: canary.version, loads: 10, errors: 10 })).status).toBe(200);
    const took = await Promise.all(nodes.map((n) => within(5000, async () => (await seen(n)) === stable.version)));
    console.log(`canary no longer offered after ${took.join(' ms, ')} ms on the two nodes`);
    for (const ms of took) expect(ms).toBeLessThan(5000);
    const audit = await registry.db
      .selectFrom('audit_events')
      .select('detail')
      .where('action', '=', 'remote.canary_auto_rolled_back')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  }, 60_000);
});
